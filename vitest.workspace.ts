/** The package projects `pnpm test` runs; vitest.config.ts reads this list. */
export const projects = ["packages/*"];
