import { defineProject } from "vitest/config";

export default defineProject({
  resolve: { conditions: ["@interlingua/source"] },
  ssr: { resolve: { conditions: ["@interlingua/source"] } },
  test: { name: "interactions", include: ["src/**/*.test.ts", "test/**/*.test.ts"] },
});
