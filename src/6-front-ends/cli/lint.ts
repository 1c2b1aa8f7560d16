/**
 * `handoff lint [paths...]`: load → parse → check → report over files, directories and globs.
 */
import path from "node:path";
import type { Command } from "commander";
import { ConfigError } from "../../3-check/engine/config.js";
import type { SeveritySetting } from "../../3-check/engine/diagnostic.js";
import { GitError } from "../../0-platform/git/run.js";
import { lintHandoffs, type LintRunOptions, type LintRunResult } from "../../5-operations/lint.js";
import type { RunTally } from "../../3-check/pipeline/post-process.js";
import { formatGithubSummary } from "../../4-report/github.js";
import { addCommand } from "./command.js";
import { canonicalFormat, formatNames, TEXT_FORMAT, unknownFormatMessage } from "./format-names.js";
import { EXIT, useColor, type CommandIO } from "./io.js";
import { streamLint } from "./lint-stream.js";
import { FORMATS, formatTarget, hiddenByQuiet, renderResults, repositoryRootOf, writeOutputFile } from "./output.js";
import { appendStepSummary } from "./step-summary.js";
import { createProgress } from "./progress.js";
import { parseNow, UsageError } from "./errors.js";
import type { LintCommandOptions } from "./lint-options.js";

export { UsageError, type LintCommandOptions };

function parseRuleFlags(flags: readonly string[]): Record<string, SeveritySetting> {
  const overrides: Record<string, SeveritySetting> = {};
  for (const flag of flags) {
    const match = /^([\w-]+)=(error|warning|info|off)$/.exec(flag);
    if (!match) throw new UsageError(`--rule expects RULE=error|warning|info|off, got '${flag}'`);
    overrides[match[1] as string] = match[2] as SeveritySetting;
  }
  return overrides;
}

/** The name standard input is linted under for `lint -` without --stdin-filename. */
export const STDIN_NAME = "<stdin>";

/** `--max-warnings N`: a negative number (ESLint's `-1`) is no limit, as is no flag at all. */
function parseMaxWarnings(value: string | undefined): number | undefined {
  if (value !== undefined && /^-\d+$/.test(value)) return undefined;
  return parseCount("--max-warnings", value);
}

function parseCount(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`${name} expects a whole number, got '${value}'`);
  return Number(value);
}

/**
 * Runs `lint`. @returns the exit code: 0 clean (or warnings within --max-warnings), 1 errors or
 * too many warnings, 2 usage, config or internal error.
 */
export async function runLint(paths: string[], options: LintCommandOptions, io: CommandIO): Promise<number> {
  try {
    const format = canonicalFormat(options.format, FORMATS);
    if (!format) throw new UsageError(unknownFormatMessage(options.format, FORMATS));
    options = { ...options, format };
    if (paths.length === 1 && paths[0] === "-") {
      // `lint -` is standard input, named by --stdin-filename when given.
      paths = [];
      options = { ...options, stdinFilename: options.stdinFilename ?? STDIN_NAME };
    }
    if (paths.includes("-")) throw new UsageError("'-' (standard input) cannot be combined with other paths");
    if (options.staged && options.stdinFilename !== undefined) throw new UsageError("--staged and --stdin-filename cannot be combined");
    if (options.stdinFilename !== undefined && paths.length > 0) throw new UsageError("--stdin-filename reads stdin: give no paths");
    const maxWarnings = parseMaxWarnings(options.maxWarnings);
    const maxFileSize = parseCount("--max-file-size", options.maxFileSize);
    if (maxFileSize === 0) throw new UsageError("--max-file-size must be at least 1 byte");
    const workers = options.workers === false ? 0 : parseCount("--workers", typeof options.workers === "string" ? options.workers : undefined);
    const rules = parseRuleFlags(options.rule ?? []);
    if (options.markdownlint === false) rules.markdownlint = "off";
    // Names are checked by the session: an empty `--only ''` is an error, not "every rule off".
    const only = options.only && options.only.length > 0 ? options.only.flatMap((name) => name.split(",")) : undefined;
    const run: LintRunOptions = {
      paths,
      config: options.config,
      profile: options.profile,
      rules,
      ...(only ? { only } : {}),
      maxFileSize,
      now: parseNow(options.now),
      workers,
      cache: options.cacheLocation !== undefined ? { directory: options.cacheLocation } : Boolean(options.cache),
      baseline: options.baseline,
      writeBaseline: options.writeBaseline,
      quiet: Boolean(options.quiet),
      maxWarnings,
      errorOnUnmatchedPattern: options.errorOnUnmatchedPattern !== false,
      staged: Boolean(options.staged),
      ...(options.outputFile !== undefined ? { outputFile: options.outputFile } : {}),
      ...(options.stdinFilename !== undefined && io.stdin ? { stdin: { name: options.stdinFilename, content: io.stdin } } : {}),
    };
    if (options.stdinFilename !== undefined && !io.stdin) throw new UsageError("--stdin-filename: no standard input");
    const streaming =
      (options.format === TEXT_FORMAT || options.format === "json") &&
      !options.outputFile &&
      !options.writeBaseline &&
      options.stdinFilename === undefined &&
      !options.staged;
    if (streaming) {
      // Each file is reported as it (and every file before it) is done, and not kept: memory stays
      // flat however many files a run has. The output is byte for byte that of the collected path.
      const result = await streamLint(run, io, { format: options.format === "json" ? "json" : "stylish", color: useColor(io, options.color) });
      if (!runStands(result, io, options.errorOnUnmatchedPattern !== false)) return EXIT.usage;
      reportSuppressed(result.tally, result.baselineFile, io);
      return exitCode(result, run.maxWarnings, io, options.quiet);
    }
    const progress = options.stdinFilename === undefined && !options.staged ? createProgress(io) : undefined;
    let result: LintRunResult;
    try {
      result = await lintHandoffs({ ...run, onStart: progress && ((total) => progress.start(total)), onResult: progress && (() => progress.tick()) }, io);
    } finally {
      progress?.end();
    }
    if (!runStands(result, io, options.errorOnUnmatchedPattern !== false)) {
      // A CI step uploads the SARIF file whatever the exit code: it must exist and say the run failed.
      if (options.outputFile && options.format === "sarif") {
        const problems = result.unmatched.map((input) => `no files match '${input}'`);
        const outcome = { exitCode: EXIT.usage, warningsFail: false };
        const text = renderResults("sarif", [], { io, color: false, rules: result.rules, outcome, runProblems: problems });
        await writeReport(options.outputFile, text, options.format, io);
      }
      return EXIT.usage;
    }
    // A commit without handoff changes: the pre-commit hook stays silent.
    if (options.staged && result.results.length === 0 && options.format === TEXT_FORMAT && !options.outputFile) return EXIT.ok;
    if (result.baselineWritten !== undefined) {
      const n = result.baselineWritten;
      io.stderr.write(`handoff: wrote ${n} finding${n === 1 ? "" : "s"} to baseline ${options.writeBaseline}\n`);
    }
    reportSuppressed(result.tally, result.baselineFile, io);
    const text = renderResults(options.format, result.results, {
      io,
      color: options.color,
      rules: result.rules,
      outcome: result.outcome,
      hidden: hiddenByQuiet(result.tally),
    });
    if (options.outputFile) await writeReport(options.outputFile, text, options.format, io);
    else io.stdout.write(text);
    if (options.format === "github" && io.env.GITHUB_STEP_SUMMARY) {
      appendStepSummary(io, formatGithubSummary(result.results, { cwd: io.cwd, repositoryRoot: repositoryRootOf(io) }));
    }
    return exitCode(result, run.maxWarnings, io, options.quiet);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof GitError) {
      io.stderr.write(`handoff: ${error.message}\n`);
      return EXIT.usage;
    }
    io.stderr.write(`handoff: internal error (please report): ${(error as Error).stack ?? String(error)}\n`);
    return EXIT.internal;
  }
}

/** Writes the report to `--output-file` (relative to the working directory). @throws UsageError when it cannot be written. */
async function writeReport(outputFile: string, text: string, format: string, io: CommandIO): Promise<void> {
  try {
    await writeOutputFile(path.resolve(io.cwd, outputFile), text, formatTarget(format));
  } catch (error) {
    throw new UsageError(`cannot write --output-file ${outputFile}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** The exit code of a run (its outcome), saying on stderr why it is not 0. */
function exitCode(
  { tally: { summary, internalErrors }, outcome }: Pick<LintRunResult, "tally" | "outcome">,
  maxWarnings: number | undefined,
  io: CommandIO,
  quiet = false,
): number {
  for (const message of internalErrors) io.stderr.write(`handoff: internal error (please report): ${message}\n`);
  if (outcome.exitCode === EXIT.findings && summary.errors === 0) {
    // --quiet hides warnings but they still count: say so, or a "no problems" report exits 1 unexplained.
    const warnings = `${summary.warnings} warning${summary.warnings === 1 ? "" : "s"}${quiet ? " (hidden by --quiet)" : ""}`;
    io.stderr.write(`handoff: ${warnings} exceed${summary.warnings === 1 ? "s" : ""} --max-warnings ${maxWarnings}\n`);
  }
  return outcome.exitCode;
}

/**
 * Says why the cache could not be written and which inputs matched no file.
 * @param unmatchedIsError false under `--no-error-on-unmatched-pattern`: such inputs are skipped silently.
 * @returns false when some input matched nothing and that is an error (a usage error: no report).
 */
function runStands(run: { unmatched: readonly string[]; cacheWarning?: string }, io: CommandIO, unmatchedIsError: boolean): boolean {
  if (run.cacheWarning) io.stderr.write(`handoff: ${run.cacheWarning}\n`);
  if (!unmatchedIsError) return true;
  for (const input of run.unmatched) io.stderr.write(`handoff: no files match '${input}'\n`);
  return run.unmatched.length === 0;
}

/** Says how many findings the baseline suppressed, when there is one. */
function reportSuppressed(tally: RunTally, baselineFile: string | undefined, io: CommandIO): void {
  if (!baselineFile) return;
  io.stderr.write(
    `handoff: ${tally.suppressed} finding${tally.suppressed === 1 ? "" : "s"} suppressed by baseline ${path.relative(io.cwd, baselineFile) || baselineFile}\n`,
  );
}

/** Adds the `lint` command to `program`. */
export function registerLint(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "lint")
    .argument(
      "[paths...]",
      "files, directories or globs (default: the handoff store, e.g. handoffs/, else .); an existing file is always taken literally; `-` reads standard input; `--` ends options",
    )
    .option("-f, --format <format>", `output format: ${formatNames(FORMATS)}`, TEXT_FORMAT)
    .option("-p, --profile <profile>", "check every document against this profile instead of detecting it")
    .option("-c, --config <file>", "use this config file instead of searching for one")
    .option("--no-config", "ignore config files")
    .option("-r, --rule <rule=severity>", "set a rule's severity (error, warning, info, off); repeatable", collect, [])
    .option(
      "--only <rule>",
      "run only this rule (id or code, or 'markdownlint'; comma-separated or repeatable); every other rule is off but those saying a file or block could not be read",
      collect,
      [],
    )
    .option("-q, --quiet", "report errors only")
    .option("--max-warnings <n>", "exit 1 when there are more than n warnings (-1: no limit); warnings hidden by --quiet still count")
    .option("--no-error-on-unmatched-pattern", "skip a path or glob that matches no file instead of exiting 2")
    .option("--max-file-size <bytes>", "largest file read (default 1048576)")
    .option("--no-markdownlint", "turn markdownlint's rules off")
    .option("-o, --output-file <file>", "write the report to this file (atomically) instead of standard output")
    .option("--stdin-filename <name>", "lint standard input as if it were the file <name> (config, profile and overrides apply to that name)")
    .option("--staged", "lint the staged (index) content of changed handoff files, not the working tree (paths, if given, filter the staged files)")
    .option("--baseline <file>", "skip findings recorded in this baseline file (prints how many)")
    .option("--write-baseline <file>", "record every current finding in a baseline file")
    .option("--color", "force colour")
    .option("--no-color", "no colour (also NO_COLOR=1)")
    .option("--workers <n>", "lint on n worker threads besides the main thread (default: cores - 1, for 50 files or more)")
    .option("--no-workers", "lint on the main thread only")
    .option("--cache", "reuse the results of files unchanged since the last --cache run (same config and version)")
    .option("--cache-location <dir>", "directory of the cache (implies --cache; default node_modules/.cache/handoffkit)")
    .option("--now <iso>", "fix the clock for date checks (ISO-8601, e.g. 2026-03-01T12:00:00Z)")
    .option("--fix", "apply the safe fixes (markdownlint's own, line endings, re-sealing a seal that held) before reporting what is left")
    .option("--fix-dry-run", "print the fixes --fix would apply (a masked diff, on stderr) and write nothing")
    .option(
      "--fix-type <type>",
      "only these fixes: markdownlint, line-endings, layout (missing section skeletons), integrity (also seals an unsealed or broken seal); repeatable",
      collect,
      [],
    )
    .action(async (paths: string[], options: LintCommandOptions & { fix?: boolean; fixDryRun?: boolean }) => {
      if (options.fix || options.fixDryRun) {
        const fixed = await (await import("./lint-fix.js")).runLintFix(paths, options, io);
        if (fixed !== EXIT.ok) return setExit(fixed);
      }
      setExit(await runLint(paths, options, io));
    });
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
