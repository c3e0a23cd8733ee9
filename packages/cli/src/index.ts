// The command line
export { main } from "./main";
export { cliHelp, runCli } from "./run-cli";
export { type CliIo, type CliStream, CliUsageError, exitCodes, processIo } from "./terminal/cli-io";
// Commands
export { convertCommand, convertHelp } from "./commands/convert-command";
export { inspectCommand, inspectHelp, survivalTable } from "./commands/inspect-command";
export { type RunningServe, serveCommand, serveHelp, startServe } from "./commands/serve-command";
