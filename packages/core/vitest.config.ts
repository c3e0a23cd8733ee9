import { defineProject } from "vitest/config";

export default defineProject({
  resolve: { conditions: ["@interlingua/source"] },
  ssr: { resolve: { conditions: ["@interlingua/source"] } },
  test: {
    name: "core",
    include: ["src/**/*.test.ts"],
    // The spec tests compile whole vendor OpenAPI documents with ajv and run fast-check over them:
    // 3 s on an idle machine, past vitest's 5 s default when CI runs every project at once.
    testTimeout: 30_000,
  },
});
