/**
 * Runs the CLI in-process in a directory and returns what it printed.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { captureIO } from "./capture-io.js";
import { repoRoot } from "./locations.js";

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

type RunCli = typeof runCli;
let built: Promise<RunCli> | undefined;

/**
 * `handoff ...args` in this process through the compiled CLI (`dist/src`, built by the global
 * setup): the same code as {@link runHandoff}, but with the compiled worker script beside it, so
 * `--workers N` starts real worker threads, without a process start per run.
 */
export async function runBuiltHandoff(cwd: string, ...args: string[]): Promise<HandoffRun> {
  built ??= import(pathToFileURL(path.join(repoRoot, "dist/src/6-front-ends/cli/program.js")).href).then((module: { runCli: RunCli }) => module.runCli);
  const run = await built;
  const cap = captureIO(cwd);
  const code = await run(args, cap.io);
  return { code, stdout: cap.stdout(), stderr: cap.stderr() };
}
