/**
 * `lint`: load → parse → check over files, directories and globs (or standard input, or the
 * staged content of changed handoffs), then the baseline and `quiet` applied and the run's outcome
 * decided. Results are masked. With `onResult` and `keepResults: false` each file's result is
 * handed on as soon as it and every file before it are done, and not kept (memory stays flat).
 */
import path from "node:path";
import { defaultCacheDirectory } from "../3-check/cache/lint-cache.js";
import { createBaseline, readBaseline, writeBaseline, type Baseline, type BaselineLocation } from "../3-check/engine/baseline.js";
import type { MaskedFileResult, SeveritySetting } from "../3-check/engine/diagnostic.js";
import type { Rule } from "../3-check/engine/rule.js";
import { createSession, lintPaths, lintSource, type LintPathsOptions, type LintSession } from "../3-check/lint.js";
import { sourceFromStream } from "../1-load/read.js";
import { loadStagedSources } from "../1-load/staged.js";
import { createTally, postProcess, type PostProcessOptions, type RunTally } from "../3-check/pipeline/post-process.js";
import type { Summary } from "../3-check/pipeline/summary.js";
import { defaultInputs } from "./store/resolve.js";
import { configFor, envOf, type ConfigOptions, type OperationContext } from "./context.js";
import { UsageError } from "./errors.js";
import { packageVersion } from "./package-info.js";

/** Options of {@link lintHandoffs}. */
export interface LintRunOptions extends ConfigOptions {
  /** Files, directories or globs (default: the handoff store, e.g. `handoffs/`, else `.`). With `staged`: filters of the staged files. */
  paths?: readonly string[];
  /** Check every document against this profile instead of detecting it. */
  profile?: string;
  /** Rule severities over config, by rule id or code. */
  rules?: Readonly<Record<string, SeveritySetting>>;
  /** Run only these rules (ids, codes, or `markdownlint`); every other rule is off but those saying a file could not be read. */
  only?: readonly string[];
  /** Largest file read, in bytes (default 1 MiB). */
  maxFileSize?: number;
  /** The run's clock (default: now). */
  now?: Date;
  /** Worker threads besides this one (0: none; default: by the amount of work). */
  workers?: number;
  /** Reuse the results of unchanged files: `true` keeps them in the default directory, or give the directory. */
  cache?: boolean | { directory: string };
  /** A baseline file whose findings are skipped (default: config `baseline`). */
  baseline?: string;
  /** Record every finding of this run in this baseline file, then apply it. */
  writeBaseline?: string;
  /** Errors only in what is reported (warnings still count). */
  quiet?: boolean;
  /** More warnings than this fail the run (undefined: no limit). */
  maxWarnings?: number;
  /** Lint the staged (index) content of changed handoff files instead of the working tree. */
  staged?: boolean;
  /** An input that matches no file fails the run before anything is written (default true); false: it is skipped. */
  errorOnUnmatchedPattern?: boolean;
  /** Where the report will be written: refused before anything is written when it is one of the linted files. */
  outputFile?: string;
  /** Lint this stream as the file `name` (config, profile and overrides apply to that name). */
  stdin?: { name: string; content: AsyncIterable<Uint8Array | string> };
  /** Called once with the number of files found and the inputs that matched none, before the first result. */
  onStart?: (fileCount: number, unmatched: readonly string[]) => void;
  /** Called with each file's post-processed result, in path order. */
  onResult?: (result: MaskedFileResult) => void;
  /** false: results go to `onResult` only and `results` comes back empty. */
  keepResults?: boolean;
}

/** How a run ends: what its exit code is and whether the warnings are among what fails it. */
export interface RunOutcome {
  /** 0 clean, 1 findings fail the run, 2 internal error. */
  exitCode: number;
  /** The warnings are among what fails the run (more than `maxWarnings`). */
  warningsFail: boolean;
}

/** What a lint run found. */
export interface LintRunResult {
  /** Each file's result (masked, baseline and `quiet` applied), in path order; empty with `keepResults: false`. */
  results: MaskedFileResult[];
  /** Counts: after the baseline (`summary`) and of what is reported (`shown`); internal errors; suppressed findings. */
  tally: RunTally;
  /** Inputs that matched no file. */
  unmatched: string[];
  /** Why the cache could not be written (the run stands). */
  cacheWarning?: string;
  /** The baseline file applied, absolute. */
  baselineFile?: string;
  /** With `writeBaseline`: how many findings were recorded. */
  baselineWritten?: number;
  outcome: RunOutcome;
  /** The rules the run knew (SARIF lists them). */
  rules: readonly Rule[];
}

/**
 * A run's exit code — internal errors first (2), then errors (1), then more warnings than
 * `maxWarnings` (1), else 0 — and whether the warnings are among what fails it.
 */
export function runOutcome(summary: Summary, internal: readonly string[], maxWarnings: number | undefined): RunOutcome {
  const warningsFail = maxWarnings !== undefined && summary.warnings > maxWarnings;
  const exitCode = internal.length > 0 ? 2 : summary.errors > 0 || warningsFail ? 1 : 0;
  return { exitCode, warningsFail };
}

/** The lint session of a run. @throws ConfigError for a bad config, profile or rule name. */
function sessionFor(options: LintRunOptions, context: OperationContext): { session: LintSession; configDir: string; baselineFile: string | undefined } {
  const loaded = configFor(context.cwd, options.config);
  const config = loaded.config;
  const configDir = loaded.filepath ? path.dirname(loaded.filepath) : context.cwd;
  const session = createSession({
    cwd: context.cwd,
    config,
    configDir,
    profile: options.profile,
    ruleOverrides: { ...options.rules },
    ...(options.only ? { onlyRules: [...options.only] } : {}),
    maxFileSize: options.maxFileSize,
    now: options.now,
  });
  // The baseline: writeBaseline records this run's findings and applies them; baseline over config.
  const baselineFile = options.writeBaseline
    ? path.resolve(context.cwd, options.writeBaseline)
    : options.baseline
      ? path.resolve(context.cwd, options.baseline)
      : config.baseline
        ? path.resolve(configDir, config.baseline)
        : undefined;
  return { session, configDir, baselineFile };
}

/** `cache` as lintPaths takes it. */
function cacheOption(options: LintRunOptions, context: OperationContext): LintPathsOptions["cache"] {
  if (!options.cache) return undefined;
  const directory = options.cache === true ? defaultCacheDirectory(context.cwd) : path.resolve(context.cwd, options.cache.directory);
  return { directory, key: { version: packageVersion() } };
}

/**
 * Lints what `options` name.
 * @throws ConfigError for a bad config, profile or rule name; UsageError for options that cannot
 * be combined; GitError for `staged` outside a repository.
 */
export async function lintHandoffs(options: LintRunOptions, context: OperationContext): Promise<LintRunResult> {
  if (options.staged && options.stdin) throw new UsageError("--staged and --stdin-filename cannot be combined");
  if (options.stdin && options.paths && options.paths.length > 0) throw new UsageError("--stdin-filename reads stdin: give no paths");
  if (options.maxFileSize === 0) throw new UsageError("--max-file-size must be at least 1 byte");
  const { session, configDir, baselineFile } = sessionFor(options, context);
  const baselineLocation: BaselineLocation | undefined = baselineFile ? { directory: path.dirname(baselineFile), cwd: context.cwd } : undefined;
  const post = (baseline: Baseline | undefined): PostProcessOptions => ({ baseline, baselineLocation, quiet: Boolean(options.quiet) });
  const tally = createTally();
  const finish = (fields: Omit<LintRunResult, "tally" | "outcome" | "rules">): LintRunResult => ({
    ...fields,
    tally,
    ...(baselineFile ? { baselineFile } : {}),
    outcome: runOutcome(tally.summary, tally.internalErrors, options.maxWarnings),
    rules: session.rules,
  });
  const inputs = options.paths && options.paths.length > 0 ? [...options.paths] : defaultInputs(context.cwd, envOf(context));

  if (options.stdin || options.staged || options.writeBaseline || options.outputFile !== undefined) {
    // Collected first: a baseline to write and a report file need the whole run; stdin and the index are read whole.
    let raw: MaskedFileResult[];
    let unmatched: string[] = [];
    let cacheWarning: string | undefined;
    if (options.stdin) {
      // Bounded as a file is: past the size limit stdin is counted, not kept, and not checked.
      const source = await sourceFromStream(options.stdin.name, options.stdin.content, context.cwd, session.maxFileSize);
      raw = [lintSource(source, session)];
      options.onStart?.(1, []);
    } else if (options.staged) {
      const sources = await loadStagedSources({
        cwd: context.cwd,
        filters: options.paths ?? [],
        ignores: session.config.ignores,
        ignoresDir: configDir,
        maxBytes: session.maxFileSize,
      });
      raw = sources.map((source) => lintSource(source, session));
      options.onStart?.(raw.length, []);
    } else {
      const run = await lintPaths(inputs, session, undefined, { workers: options.workers, cache: cacheOption(options, context), onStart: options.onStart });
      raw = run.results;
      unmatched = run.unmatched;
      cacheWarning = run.cacheWarning;
    }
    if (unmatched.length > 0 && options.errorOnUnmatchedPattern !== false) return finish({ results: [], unmatched, ...(cacheWarning ? { cacheWarning } : {}) });
    if (options.outputFile !== undefined) {
      // Never replace a handoff with the report about it.
      const target = path.resolve(context.cwd, options.outputFile);
      if (raw.some((r) => path.resolve(context.cwd, r.path) === target))
        throw new UsageError(`--output-file ${options.outputFile} is one of the files being linted`);
    }
    let baselineWritten: number | undefined;
    if (options.writeBaseline) {
      const written = createBaseline(raw, baselineLocation);
      await writeBaseline(baselineFile as string, written);
      baselineWritten = written.findings.length;
    }
    const postOptions = post(baselineFile ? readBaseline(baselineFile) : undefined);
    const results = raw.map((result) => {
      const shown = postProcess(result, postOptions, tally);
      options.onResult?.(shown);
      return shown;
    });
    return finish({
      results: options.keepResults === false ? [] : results,
      unmatched,
      ...(cacheWarning ? { cacheWarning } : {}),
      ...(baselineWritten !== undefined ? { baselineWritten } : {}),
    });
  }

  const postOptions = post(baselineFile ? readBaseline(baselineFile) : undefined);
  const keep = options.keepResults !== false;
  const results: MaskedFileResult[] = [];
  const run = await lintPaths(
    inputs,
    session,
    (linted) => {
      const shown = postProcess(linted, postOptions, tally);
      if (keep) results.push(shown);
      options.onResult?.(shown);
    },
    { workers: options.workers, cache: cacheOption(options, context), keepResults: false, onStart: options.onStart },
  );
  return finish({ results, unmatched: run.unmatched, ...(run.cacheWarning ? { cacheWarning: run.cacheWarning } : {}) });
}
