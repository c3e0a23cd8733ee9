import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createTaskNotifier } from "./create-task-notifier";
import { createPrivateHostAllowList } from "./private-host-allow-list";

describe("allowPrivateHosts", () => {
  it("matches listed names and addresses inside listed ranges, IPv4-mapped IPv6 included", () => {
    const list = createPrivateHostAllowList(["hooks", "LocalHost", "172.16.0.0/12", "fd00::/8", "10.1.2.3"]);
    expect(list.allowsName("localhost")).toBe(true);
    expect(list.allowsName("hooks")).toBe(true);
    expect(list.allowsName("other")).toBe(false);
    expect(list.allowsAddress("10.1.2.3")).toBe(true);
    expect(list.allowsAddress("10.1.2.4")).toBe(false);
    expect(list.allowsAddress("::ffff:172.20.0.9")).toBe(true);
    expect(list.allowsAddress("[fd12::1]")).toBe(true);
    expect(list.allowsAddress("fe80::1")).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 16, max: 31 }), fc.nat(255), fc.nat(255), (b, c, d) => {
        expect(list.allowsAddress(`172.${b}.${c}.${d}`)).toBe(true);
        expect(list.allowsAddress(`192.168.${c}.${d}`)).toBe(false);
      }),
    );
  });

  it("refuses an entry that is neither a name, an address nor a range", () => {
    expect(() => createPrivateHostAllowList(["10.0.0.0/40"])).toThrow(
      "'10.0.0.0/40' is not a valid CIDR range",
    );
    expect(() => createPrivateHostAllowList(["hooks_1:80"])).toThrow("neither a host name");
  });

  it("lets hooks reach the listed private hosts only, at submission and after DNS", async () => {
    const refusals: string[] = [];
    const delivered: string[] = [];
    const notifier = createTaskNotifier({
      allowPrivateHosts: ["localhost", "hooks", "172.16.0.0/12"],
      resolveHost: async (host) => (host === "inside.example" ? ["10.0.0.7"] : ["172.18.0.5"]),
      fetch: async (url) => {
        delivered.push(String(url));
        return new Response(null, { status: 204 });
      },
      onDeliveryFailure: (failure) => refusals.push(failure.reason),
    });
    expect(notifier.checkHook("http://localhost:8080/h")).toBeUndefined();
    expect(notifier.checkHook("http://hooks:3000/h")).toBeUndefined();
    expect(notifier.checkHook("http://172.20.1.2/h")).toBeUndefined();
    expect(notifier.checkHook("http://10.0.0.1/h")).toContain("private, loopback or link-local");
    expect(notifier.checkHook("http://127.0.0.1/h")).toContain("private, loopback or link-local");
    notifier.deliver("a", "http://container.example/h", {}, true);
    notifier.deliver("b", "http://inside.example/h", {}, true);
    await notifier.idle();
    expect(delivered).toEqual(["http://container.example/h"]);
    expect(refusals).toEqual(["notifyHook host inside.example resolves to 10.0.0.7, a private address"]);
  });
});
