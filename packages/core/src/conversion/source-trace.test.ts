import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSourceTrace } from "./source-trace";

/** One operation on a trace: a record, a deferred step of records, a reset, or a resolve. */
type Operation =
  | { kind: "record"; canonical: string; source: string; sameShape: boolean }
  | { kind: "later"; records: { canonical: string; source: string; sameShape: boolean }[] }
  | { kind: "reset" }
  | { kind: "resolve"; canonical: string };

const token = fc.constantFrom("a", "b", "0", "1", "parts");
const path = fc.array(token, { maxLength: 4 }).map((tokens) => tokens.map((item) => `/${item}`).join(""));
const record = fc.record({ canonical: path, source: path, sameShape: fc.boolean() });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  record.map((fields) => ({ kind: "record" as const, ...fields })),
  fc.array(record, { maxLength: 4 }).map((records) => ({ kind: "later" as const, records })),
  fc.constant({ kind: "reset" as const }),
  path.map((canonical) => ({ kind: "resolve" as const, canonical })),
);

/** The trace as it was before records were kept pending: every record applied at once. */
function eagerResolve(operations: Operation[]): string[] {
  const sources = new Map<string, { path: string; sameShape: boolean }>();
  const resolved: string[] = [];
  for (const step of operations) {
    if (step.kind === "record") sources.set(step.canonical, { path: step.source, sameShape: step.sameShape });
    else if (step.kind === "later")
      for (const item of step.records)
        sources.set(item.canonical, { path: item.source, sameShape: item.sameShape });
    else if (step.kind === "reset") sources.clear();
    else if (sources.size === 0) resolved.push(step.canonical);
    else
      for (let at = step.canonical; ; at = at.slice(0, at.lastIndexOf("/"))) {
        const source = sources.get(at);
        if (source !== undefined) {
          resolved.push(source.sameShape ? source.path + step.canonical.slice(at.length) : source.path);
          break;
        }
        if (at === "") {
          resolved.push("");
          break;
        }
      }
  }
  return resolved;
}

describe("createSourceTrace", () => {
  it("resolves every path as a trace applying each record at once would", () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 400 }), (operations) => {
        const trace = createSourceTrace();
        const resolved: string[] = [];
        for (const step of operations) {
          if (step.kind === "record") trace.record(step.canonical, step.source, step.sameShape);
          else if (step.kind === "later")
            trace.recordLater(() => {
              for (const item of step.records) trace.record(item.canonical, item.source, item.sameShape);
            });
          else if (step.kind === "reset") trace.reset();
          else resolved.push(trace.resolve(step.canonical));
        }
        expect(resolved).toEqual(eagerResolve(operations));
      }),
    );
  });

  it("runs a deferred step only when a path is resolved, and once", () => {
    const trace = createSourceTrace();
    let runs = 0;
    trace.recordLater(() => {
      runs++;
      trace.record("/a", "/b");
    });
    expect(runs).toBe(0);
    expect(trace.resolve("/a/c")).toBe("/b");
    expect(trace.resolve("/a")).toBe("/b");
    expect(runs).toBe(1);
  });

  it("drops the deferred steps of a source it was told to forget", () => {
    const trace = createSourceTrace();
    let runs = 0;
    trace.recordLater(() => {
      runs++;
    });
    trace.reset();
    expect(trace.resolve("/a")).toBe("/a");
    expect(runs).toBe(0);
  });

  it("applies what it holds once it holds many, so a long stream keeps one record a path", () => {
    const trace = createSourceTrace();
    let runs = 0;
    trace.recordLater(() => {
      runs++;
    });
    for (let event = 0; event < 200; event++) trace.record("/finishReason", `/${event}/delta/stop_reason`);
    expect(runs).toBe(1);
    expect(trace.resolve("/finishReason")).toBe("/199/delta/stop_reason");
  });
});
