/**
 * Turning a run's (masked) results into the chosen output format, and writing a report file.
 */
import { atomicWrite, AtomicWriteError } from "../../0-platform/fs/atomic-write.js";
import type { MaskedFileResult } from "../../3-check/engine/diagnostic.js";
import type { Rule } from "../../3-check/engine/rule.js";
import type { RunOutcome } from "../../5-operations/lint.js";
import { findRepositoryRoot } from "../../0-platform/git/repository.js";
import { formatGithub } from "../../4-report/github.js";
import { formatJson } from "../../4-report/json.js";
import { formatJunit } from "../../4-report/junit.js";
import { formatSarif } from "../../4-report/sarif.js";
import { formatStylish } from "../../4-report/stylish.js";
import type { RunTally } from "../../3-check/pipeline/post-process.js";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { boundaryText, type OutputTarget } from "../../4-report/boundary.js";
import { useColor, type CommandIO } from "./io.js";
import { packageVersion } from "../../5-operations/package-info.js";

/** The formats written as JSON, and as XML (or HTML); every other format is text for people. */
const JSON_FORMATS: ReadonlySet<string> = new Set(["json", "sarif", "agent-hook"]);
const XML_FORMATS: ReadonlySet<string> = new Set(["junit", "svg", "html"]);

/** What a format's output is, for the output boundary. */
export function formatTarget(format: string | undefined): OutputTarget {
  if (format !== undefined && JSON_FORMATS.has(format)) return "json";
  return format !== undefined && XML_FORMATS.has(format) ? "xml" : "text";
}

/** What the standard output of the command line `argv` is: the format `-f`/`--format` names (the last one). */
export function stdoutTarget(argv: readonly string[]): OutputTarget {
  let format: string | undefined;
  argv.forEach((arg, i) => {
    if (arg === "-f" || arg === "--format") format = argv[i + 1];
    else if (arg.startsWith("--format=")) format = arg.slice("--format=".length);
    else if (/^-f./.test(arg)) format = arg.slice(2);
  });
  return formatTarget(format);
}

/** Output formats of `lint --format` besides `text` (stylish, the default; ./format-names.ts). */
export const FORMATS = ["json", "sarif", "github", "junit"] as const;

/** One of {@link FORMATS}. */
export type Format = (typeof FORMATS)[number];

/** The repository root reports make paths relative to: the git working tree around `io.cwd`. */
export function repositoryRootOf(io: CommandIO): string {
  return findRepositoryRoot(io.cwd);
}

/** What `--quiet` hid from the report: warnings and infos counted but not shown. */
export function hiddenByQuiet(tally: RunTally): { warnings: number; infos: number } {
  return { warnings: tally.summary.warnings - tally.shown.warnings, infos: tally.summary.infos - tally.shown.infos };
}

/** Renders `results` (already masked) in `format`; `outcome` is the run's (a clean run when absent). */
export function renderResults(
  format: string,
  results: readonly MaskedFileResult[],
  context: {
    io: CommandIO;
    color: boolean | undefined;
    rules: readonly Rule[];
    outcome?: RunOutcome;
    runProblems?: readonly string[];
    hidden?: { warnings: number; infos: number };
  },
): string {
  const { io } = context;
  switch (format) {
    case "json":
      return formatJson(results);
    case "sarif":
      return formatSarif(results, {
        rules: context.rules,
        cwd: io.cwd,
        repositoryRoot: repositoryRootOf(io),
        toolVersion: packageVersion(),
        ...(context.outcome ? { exitCode: context.outcome.exitCode } : {}),
        ...(context.runProblems ? { runProblems: context.runProblems } : {}),
      });
    case "github":
      return formatGithub(results, { cwd: io.cwd, repositoryRoot: repositoryRootOf(io) });
    case "junit":
      return formatJunit(results, { warningsAsFailures: context.outcome?.warningsFail ?? false });
    default:
      return formatStylish(results, { color: useColor(io, context.color), ...(context.hidden ? { hidden: context.hidden } : {}) });
  }
}

/**
 * Writes `text` to `file`, behind the output boundary (masked and escaped for `target`), through
 * the one atomic write (temp file, fsync, rename, read back).
 * @throws the system error (with its `code`) when the write fails, AtomicWriteError when the bytes read back differ.
 */
export async function writeOutputFile(file: string, text: string, target: OutputTarget): Promise<void> {
  try {
    // As ESLint does: the report's directory is made when it is missing.
    await mkdir(path.dirname(file), { recursive: true });
    await atomicWrite(file, new TextEncoder().encode(boundaryText(text, target)));
  } catch (error) {
    // The system error (ENOENT, EACCES…) when there is one: the CLI prints its code.
    throw error instanceof AtomicWriteError && error.cause instanceof Error ? error.cause : error;
  }
}
