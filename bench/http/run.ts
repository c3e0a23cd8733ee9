/**
 * `pnpm bench:http`: the gateway as users run it, over real HTTP on 127.0.0.1 (issue 16). A fake
 * upstream for each format, the two floors (`node:http` + global `fetch`, `node:http` +
 * `undici.request`, both passing bytes through) and the gateway over `serveNode` (on the Node path
 * and on the portable one) each run in their own process. For whole and streamed (20-delta)
 * answers, for each upstream format: after a warm-up burst, sequential latency (p50, p99) and throughput at 64
 * connections with the server's CPU per request, for every caller format in front of it; then the
 * memory each of 1,000 open streams holds, and each process's peak RSS. Ratios are to the floors
 * measured alongside (before and after the group, averaged); the command exits non-zero when a
 * target of issue 16 is missed.
 *
 * Options: `--quick` (shorter runs, for a look), `--upstream <format>` (only that upstream's
 * rows), `--front <format>` (only that caller format's gateway rows, e.g. same-format alone for a
 * profile), `--memory-only` (only the open streams), `--requests-only` (no open streams: a profile of
 * the exchanges alone, without the 1,000 streams the memory measure opens and cuts off), `--cpu-prof` (the gateway process writes a V8
 * CPU profile into `bench/http/profiles`), `--cpu-prof-portable` (the portable gateway process writes
 * one instead).
 */
import { parseArgs } from "node:util";
import { holdOpenMarker } from "./fake-upstream";
import { modelFor } from "./gateway-server";
import { measureLatency } from "./measure-latency";
import { measureOpenStreams, type OpenStreamFigures } from "./measure-open-streams";
import { connections, measureThroughput } from "./measure-throughput";
import type { ServerRole } from "./server-process";
import { type ServerProcess, startServerProcess } from "./server-processes";
import { type BenchFormat, benchFormats, callerRequest, deltaCount } from "./wire-fixtures";

const { values: options } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    upstream: { type: "string" },
    front: { type: "string" },
    "cpu-prof": { type: "boolean", default: false },
    "cpu-prof-portable": { type: "boolean", default: false },
    "memory-only": { type: "boolean", default: false },
    "requests-only": { type: "boolean", default: false },
  },
});
const seconds = options.quick ? 0.5 : 1;
const sequential = options.quick ? 60 : 200;
const warmUpSeconds = options.quick ? 0.2 : 0.4;
const openStreamCount = 1000;
const upstreams = benchFormats.filter(
  (format) => options.upstream === undefined || format === options.upstream,
);
const fronts = benchFormats.filter((format) => options.front === undefined || format === options.front);

/** The targets of issue 16. */
const targets = {
  sameFormatThroughput: 2,
  crossFormatThroughput: 1.5,
  portableThroughput: 1,
  sameFormatDeltaP50Ms: 0.3,
  crossFormatDeltaP50Ms: 0.5,
  sameFormatCpuMs: 0.25,
  retainedPerStreamBytes: 32 * 1024,
};

/** One measured server on one pair of formats, whole or streamed. */
interface Row {
  role: ServerRole;
  front: BenchFormat;
  upstream: BenchFormat;
  stream: boolean;
  p50Ms: number;
  p99Ms: number;
  deltaP50Ms: number;
  requestsPerSecond: number;
  cpuMsPerRequest: number;
  /** Throughput ÷ the fetch floor's, and ÷ the undici floor's, of the same upstream and mode. */
  fetchRatio: number;
  undiciRatio: number;
}

const fixed = (value: number, digits = 2) => value.toFixed(digits);
const signed = (value: number) => `${value >= 0 ? "+" : ""}${value.toFixed(2)}`;
const expected = `word${deltaCount - 1}`;

const upstream = await startServerProcess("upstream", "");
const profiled = ["--cpu-prof", "--cpu-prof-dir=bench/http/profiles"];
const cpuProf = options["cpu-prof"] ? profiled : [];
const cpuProfPortable = options["cpu-prof-portable"] ? profiled : [];
const servers: Record<Exclude<ServerRole, "upstream">, ServerProcess> = {
  "floor-fetch": await startServerProcess("floor-fetch", upstream.url),
  "floor-undici": await startServerProcess("floor-undici", upstream.url),
  interlingua: await startServerProcess("interlingua", upstream.url, cpuProf),
  "interlingua-portable": await startServerProcess("interlingua-portable", upstream.url, cpuProfPortable),
};
const failures: string[] = [];
const rows: Row[] = [];

async function measure(
  role: Exclude<ServerRole, "upstream">,
  front: BenchFormat,
  to: BenchFormat,
  stream: boolean,
) {
  const request = callerRequest(front, modelFor(to), stream);
  const server = servers[role];
  // A burst first, so that the row measures code V8 has optimised, not the first calls of it.
  await measureThroughput(server, request, warmUpSeconds);
  const latency = await measureLatency(server.url, request, sequential, expected);
  const throughput = await measureThroughput(server, request, seconds);
  return { ...latency, ...throughput };
}

try {
  for (const stream of options["memory-only"] ? [] : [false, true])
    for (const to of upstreams) {
      const direct = await measureLatency(
        upstream.url,
        callerRequest(to, modelFor(to), stream),
        sequential,
        expected,
      );
      const floorRuns = [
        await measure("floor-fetch", to, to, stream),
        await measure("floor-undici", to, to, stream),
      ];
      const subjects: {
        role: ServerRole;
        front: BenchFormat;
        figures: Awaited<ReturnType<typeof measure>>;
      }[] = [];
      for (const front of fronts)
        for (const role of ["interlingua", "interlingua-portable"] as const)
          subjects.push({ role, front, figures: await measure(role, front, to, stream) });
      floorRuns.push(
        await measure("floor-undici", to, to, stream),
        await measure("floor-fetch", to, to, stream),
      );
      const average = (left: (typeof floorRuns)[number], right: (typeof floorRuns)[number]) => ({
        p50Ms: (left.p50Ms + right.p50Ms) / 2,
        p99Ms: (left.p99Ms + right.p99Ms) / 2,
        requestsPerSecond: (left.requestsPerSecond + right.requestsPerSecond) / 2,
        cpuMsPerRequest: (left.cpuMsPerRequest + right.cpuMsPerRequest) / 2,
      });
      const [fetchA, undiciA, undiciB, fetchB] = floorRuns as [
        (typeof floorRuns)[number],
        (typeof floorRuns)[number],
        (typeof floorRuns)[number],
        (typeof floorRuns)[number],
      ];
      const fetchFigures = average(fetchA, fetchB);
      const undiciFigures = average(undiciA, undiciB);
      const floors = [
        { role: "floor-fetch" as const, front: to, figures: fetchFigures },
        { role: "floor-undici" as const, front: to, figures: undiciFigures },
      ];
      const fetchFloor = fetchFigures.requestsPerSecond;
      const undiciFloor = undiciFigures.requestsPerSecond;
      for (const { role, front, figures } of [...floors, ...subjects])
        rows.push({
          role,
          front,
          upstream: to,
          stream,
          ...figures,
          deltaP50Ms: figures.p50Ms - direct.p50Ms,
          fetchRatio: figures.requestsPerSecond / fetchFloor,
          undiciRatio: figures.requestsPerSecond / undiciFloor,
        });
    }

  const openStreams: { role: ServerRole; pair: string; figures: OpenStreamFigures }[] = [];
  const held: [Exclude<ServerRole, "upstream">, BenchFormat][] = [
    ["floor-fetch", "messages"],
    ["floor-undici", "messages"],
    ["interlingua", "messages"],
    ["interlingua", "responses"],
    ["interlingua-portable", "messages"],
  ];
  for (const [role, front] of options["requests-only"] ? [] : held) {
    const request = callerRequest(front, `${modelFor("messages")}-${holdOpenMarker}`, true);
    const figures = await measureOpenStreams(servers[role], request, openStreamCount, "word0");
    openStreams.push({ role, pair: `${front} → messages`, figures });
  }

  console.log(
    `\nHTTP benchmark (${options.quick ? "quick" : "full"}): ${sequential} sequential requests, ` +
      `${seconds} s at ${connections} connections per row; Δp50 over the upstream called directly.\n`,
  );
  console.log(
    "| server | caller → upstream | answer | p50 ms | p99 ms | Δp50 ms | req/s | ÷ fetch floor | ÷ undici floor | CPU ms/req |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const row of rows) {
    const same = row.front === row.upstream;
    const verdicts: string[] = [];
    if (row.role === "interlingua") {
      const throughputTarget = same ? targets.sameFormatThroughput : targets.crossFormatThroughput;
      const latencyTarget = same ? targets.sameFormatDeltaP50Ms : targets.crossFormatDeltaP50Ms;
      if (row.fetchRatio < throughputTarget) verdicts.push(`throughput < ${throughputTarget}×`);
      if (row.deltaP50Ms > latencyTarget) verdicts.push(`Δp50 > +${latencyTarget} ms`);
      if (same && row.cpuMsPerRequest > targets.sameFormatCpuMs)
        verdicts.push(`CPU > ${targets.sameFormatCpuMs} ms`);
    }
    if (row.role === "interlingua-portable" && row.fetchRatio < targets.portableThroughput)
      verdicts.push("slower than the fetch floor");
    const label = `${row.role} ${row.front} → ${row.upstream} ${row.stream ? "streamed" : "whole"}`;
    for (const verdict of verdicts) failures.push(`${label}: ${verdict}`);
    console.log(
      `| ${row.role} | ${row.front} → ${row.upstream} | ${row.stream ? "streamed" : "whole"} | ` +
        `${fixed(row.p50Ms)} | ${fixed(row.p99Ms)} | ${signed(row.deltaP50Ms)} | ${Math.round(row.requestsPerSecond)} | ` +
        `${fixed(row.fetchRatio)} | ${fixed(row.undiciRatio)} | ${fixed(row.cpuMsPerRequest, 3)} |` +
        (verdicts.length ? ` MISSED: ${verdicts.join(", ")}` : ""),
    );
  }

  console.log("\n| open streams | caller → upstream | streams | retained KB/stream |");
  console.log("| --- | --- | --- | --- |");
  for (const { role, pair, figures } of openStreams) {
    const over = role === "interlingua" && figures.retainedPerStream > targets.retainedPerStreamBytes;
    const perStream = fixed(figures.retainedPerStream / 1024, 1);
    if (over) failures.push(`${role} ${pair}: ${perStream} KB retained per open stream`);
    console.log(`| ${role} | ${pair} | ${figures.count} | ${perStream} |` + (over ? " MISSED: > 32 KB" : ""));
  }

  console.log("\n| process | peak RSS MB |\n| --- | --- |");
  for (const server of [upstream, ...Object.values(servers)])
    console.log(`| ${server.role} | ${fixed((await server.usage()).maxRss / 1024 / 1024, 1)} |`);
} finally {
  await Promise.all([upstream, ...Object.values(servers)].map((server) => server.stop()));
}

if (failures.length > 0) {
  console.log(
    `\n${failures.length} target(s) missed:\n${failures.map((failure) => `  ${failure}`).join("\n")}`,
  );
  process.exitCode = 1;
} else console.log("\nEvery target met.");
