/**
 * A CommandIO that captures output, for running CLI commands in-process.
 */
import { Readable } from "node:stream";
import type { CommandIO } from "../../src/6-front-ends/cli/io.js";

/** Captured streams plus the IO to pass to a command. */
export interface CapturedIO {
  io: CommandIO;
  stdout(): string;
  stderr(): string;
}

/** Makes an IO rooted at `cwd` with `env` (default: no colour, nothing else) and, when given, `stdin` as standard input. */
export function captureIO(cwd: string, env: NodeJS.ProcessEnv = { NO_COLOR: "1" }, stdin?: string | Uint8Array): CapturedIO {
  let out = "";
  let err = "";
  return {
    io: {
      cwd,
      env,
      stdout: { write: (text: string) => (out += text), isTTY: false },
      stderr: { write: (text: string) => (err += text) },
      ...(stdin === undefined ? {} : { stdin: Readable.from([typeof stdin === "string" ? Buffer.from(stdin, "utf8") : stdin]) }),
    },
    stdout: () => out,
    stderr: () => err,
  };
}
