import { runCli } from "./run-cli";
import { processIo } from "./terminal/cli-io";

/** The `interlingua` executable: runs the command line with the process's arguments and streams. */
export async function main(): Promise<void> {
  process.exitCode = await runCli(process.argv.slice(2), processIo());
}
