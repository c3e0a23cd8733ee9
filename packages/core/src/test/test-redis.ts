import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createConnection, createServer } from "node:net";

/** The Redis a test runs against. */
export interface TestRedis {
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  /** Stops the server when this test started it; nothing when it was given. */
  stop(): Promise<void>;
}

/** Environment variable naming a running Redis for the tests (`.ci/run` sets it). */
export const testRedisUrlVariable = "INTERLINGUA_TEST_REDIS_URL";

/** Environment variable that makes a missing Redis an error, as `CI` does. */
export const requireTestRedisVariable = "INTERLINGUA_REQUIRE_REDIS";

let availability: boolean | undefined;

/**
 * Whether the tests that need Redis can run here: a Redis named by `INTERLINGUA_TEST_REDIS_URL`, or
 * a `redis-server` to start. A new machine with only Node and npm has neither, and README's test
 * command must still pass there: those tests are then skipped, and vitest lists them as skipped.
 * Where `CI` or `INTERLINGUA_REQUIRE_REDIS` is set a missing Redis throws instead, so CI (which
 * installs redis-server) always runs them.
 */
export function testRedisIsAvailable(): boolean {
  if (availability !== undefined) return availability;
  const given = process.env[testRedisUrlVariable];
  availability =
    (given !== undefined && given !== "") ||
    spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
  if (!availability && (isSet(process.env.CI) || isSet(process.env[requireTestRedisVariable])))
    throw new Error(
      `These tests need Redis: install redis-server (apt-get install -y redis-server) or set ${testRedisUrlVariable}`,
    );
  return availability;
}

function isSet(value: string | undefined): boolean {
  return value !== undefined && value !== "" && value !== "0" && value !== "false";
}

/**
 * A Redis for tests: the one `INTERLINGUA_TEST_REDIS_URL` names, else a `redis-server` started here
 * on a free port of 127.0.0.1 with nothing saved to disk. Fails with what to do when neither is
 * there: a test that needs Redis never passes without one. Tests keep apart by key prefix.
 */
export async function startTestRedis(): Promise<TestRedis> {
  const given = process.env[testRedisUrlVariable];
  if (given !== undefined && given !== "") {
    const { hostname, port } = new URL(given);
    if (!(await answersPing(hostname, Number(port || 6379))))
      throw new Error(`${testRedisUrlVariable}=${given}: no Redis answers there`);
    return { url: given, stop: async () => {} };
  }
  if (spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status !== 0)
    throw new Error(
      `These tests need Redis: install redis-server (apt-get install -y redis-server) or set ${testRedisUrlVariable}`,
    );
  const port = await freePort();
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  const stopChild = () => child.kill("SIGKILL");
  process.once("exit", stopChild);
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await answersPing("127.0.0.1", port))
      return {
        url: `redis://127.0.0.1:${port}`,
        stop: () =>
          new Promise((resolve) => {
            process.off("exit", stopChild);
            if (child.exitCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
          }),
      };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill("SIGKILL");
  throw new Error(`redis-server did not answer on port ${port}`);
}

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Whether a Redis answers PING at host:port. */
function answersPing(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}
