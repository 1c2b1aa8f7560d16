/**
 * A {@link CommandIO} whose output is kept in memory, so the MCP tools can run a command's own
 * `run…` function and hand back exactly what the command decided.
 */
import { runMapped } from "./errors.js";
import type { CommandIO } from "./io.js";

/** The output of one captured command run. */
export interface CapturedRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `command` with standard output and error kept as strings; standard input is empty.
 * @param cwd the project directory the command works from (absolute).
 */
export async function captureCommand(cwd: string, env: NodeJS.ProcessEnv, command: (io: CommandIO) => Promise<number>): Promise<CapturedRun> {
  let stdout = "";
  let stderr = "";
  const io: CommandIO = {
    cwd,
    env,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  };
  // What the program would decide: an error the command throws is its one line and exit code.
  const exitCode = await runMapped(io, () => command(io));
  return { exitCode, stdout, stderr };
}
