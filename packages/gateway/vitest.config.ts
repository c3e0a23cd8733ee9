import { configDefaults, defineProject } from "vitest/config";

export default defineProject({
  resolve: { conditions: ["@interlingua/source"] },
  ssr: { resolve: { conditions: ["@interlingua/source"] } },
  test: {
    name: "gateway",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // The runtime matrix needs Bun, Deno and workerd: .ci/run runs it with vitest.runtimes.config.ts.
    exclude: [...configDefaults.exclude, "test/runtimes/**"],
  },
});
