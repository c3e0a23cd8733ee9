/** Runs the command line from source (`tsx --conditions=@interlingua/source packages/cli/src/start.ts serve`). */
import { main } from "./main";

await main();
