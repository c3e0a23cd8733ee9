import { runCli } from "./run-cli";
import { processIo } from "./terminal/cli-io";

/** The `interlingua` executable: runs the command line with `args` (default the process's) and its streams. */
export async function main(args: string[] = process.argv.slice(2)): Promise<void> {
  process.exitCode = await runCli(args, processIo());
}
