/**
 * Runs the CLI in-process in a directory and returns what it printed.
 */
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { captureIO } from "./capture-io.js";

/** One in-process run: exit code and both streams. */
export interface HandoffRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `handoff ...args` with `cwd` as the working directory (no colour, no other environment). */
export async function runHandoff(cwd: string, ...args: string[]): Promise<HandoffRun> {
  const cap = captureIO(cwd);
  const code = await runCli(args, cap.io);
  return { code, stdout: cap.stdout(), stderr: cap.stderr() };
}
