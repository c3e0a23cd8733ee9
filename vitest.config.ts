import { defineConfig } from "vitest/config";

/** `pnpm test`: every package is a project, configured by its own vitest.config.ts. */
export default defineConfig({
  test: { projects: ["packages/*"] },
});
