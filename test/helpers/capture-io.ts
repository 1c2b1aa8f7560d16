/**
 * A CommandIO that captures output, for running CLI commands in-process.
 */
import type { CommandIO } from "../../src/cli/io.js";

/** Captured streams plus the IO to pass to a command. */
export interface CapturedIO {
  io: CommandIO;
  stdout(): string;
  stderr(): string;
}

/** Makes an IO rooted at `cwd` with `env` (default: no colour, nothing else). */
export function captureIO(cwd: string, env: NodeJS.ProcessEnv = { NO_COLOR: "1" }): CapturedIO {
  let out = "";
  let err = "";
  return {
    io: {
      cwd,
      env,
      stdout: { write: (text: string) => (out += text), isTTY: false },
      stderr: { write: (text: string) => (err += text) },
    },
    stdout: () => out,
    stderr: () => err,
  };
}
