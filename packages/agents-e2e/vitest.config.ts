import { defineProject } from "vitest/config";

/** The agent CLIs run one at a time (each is a whole program); a cell may take a while. */
export default defineProject({
  resolve: { conditions: ["@interlingua/source"] },
  ssr: { resolve: { conditions: ["@interlingua/source"] } },
  test: { name: "agents", include: ["test/**/*.test.ts"], testTimeout: 180_000, hookTimeout: 60_000 },
});
