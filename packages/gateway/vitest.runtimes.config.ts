import { defineConfig } from "vitest/config";

/**
 * The runtime matrix (test/runtimes/): the gateway on Bun, Deno and workerd. Not part of `pnpm test`,
 * since it needs the runtimes' binaries; `.ci/run` installs them from npm and runs this config.
 */
export default defineConfig({
  resolve: { conditions: ["@interlingua/source"] },
  ssr: { resolve: { conditions: ["@interlingua/source"] } },
  test: {
    name: "runtimes",
    root: import.meta.dirname,
    include: ["test/runtimes/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
