/**
 * Runs the command line from source: `pnpm start` (`tsx … start.ts serve`) and the `interlingua`
 * bin before `pnpm build`. Relative paths (`--config gateway.json`) are read from the folder the
 * command was typed in (`INIT_CWD`, which pnpm and npm set), not the workspace root they run
 * scripts in; the `--` that `pnpm start -- --config …` passes through is dropped.
 */
import { existsSync } from "node:fs";
import { main } from "./main";

const typedIn = process.env.INIT_CWD;
if (typedIn && existsSync(typedIn)) process.chdir(typedIn);
const args = process.argv.slice(2);
const separator = args.indexOf("--");
if (separator !== -1) args.splice(separator, 1);
await main(args);
