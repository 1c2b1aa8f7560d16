/**
 * What a command needs from the outside world, passed in so tests run commands in-process.
 */
import { boundaryText, type OutputTarget } from "../../4-report/boundary.js";

/** A stream a command writes text to. */
export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean;
  /**
   * Set on a {@link boundaryStream}: the stream underneath, for the one writer whose control
   * sequences are its own (the progress line).
   */
  raw?: { write(text: string): unknown };
}

/** Streams and environment of one command run. */
export interface CommandIO {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: OutputStream;
  stderr: OutputStream;
  /** Standard input (`lint --stdin-filename`); absent in tests that do not need it. */
  stdin?: AsyncIterable<Uint8Array | string>;
}

/**
 * `stream` behind the output boundary (../../4-report/boundary.ts): every text written to it is
 * masked and escaped for `target` (`text` for a terminal: line breaks and tabs kept). Wrapping
 * twice passes once.
 */
export function boundaryStream(stream: OutputStream, target: OutputTarget): OutputStream {
  if (stream.raw) return stream;
  return { write: (text: string) => stream.write(boundaryText(text, target)), isTTY: stream.isTTY, raw: stream };
}

/**
 * The real process's streams. A reader that goes away (`handoff lint | head`) closes stdout: later
 * writes are dropped, and the run goes on to its end so that its exit code (findings, errors) is
 * the process's, as `set -o pipefail` and CI steps read it. Reports are written as files finish,
 * so this can happen mid-run.
 */
export function processIO(): CommandIO {
  let closed = false;
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    closed = true;
  });
  const stdout: OutputStream = {
    write: (text: string) => (closed ? true : process.stdout.write(text)),
    isTTY: process.stdout.isTTY,
  };
  return { cwd: process.cwd(), env: process.env, stdout, stderr: process.stderr, stdin: process.stdin };
}

/**
 * Whether to colour output: `--color`/`--no-color` first, then `NO_COLOR` (any non-empty value
 * turns colour off, per no-color.org), then `FORCE_COLOR`, then whether stdout is a terminal.
 */
export function useColor(io: CommandIO, flag: boolean | undefined): boolean {
  if (flag !== undefined) return flag;
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== "") return false;
  if (io.env.FORCE_COLOR !== undefined) return io.env.FORCE_COLOR !== "0" && io.env.FORCE_COLOR !== "false";
  if (io.env.TERM === "dumb") return false;
  return Boolean(io.stdout.isTTY);
}

/** Exit codes, as markdownlint-cli2, ESLint and gitleaks use them. */
export const EXIT = { ok: 0, findings: 1, usage: 2, internal: 2 } as const;
