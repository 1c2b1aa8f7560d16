/**
 * `lint` to standard output as files finish, for the `stylish` and `json` formats: each file's
 * (masked) result is baselined, counted, rendered and written as soon as it and every file before
 * it are done, then dropped. The text is byte for byte that of rendering the collected results.
 * (`--output-file`, `--write-baseline`, SARIF, GitHub and JUnit need the whole run: they collect.)
 */
import { applyBaseline, type Baseline, type BaselineLocation } from "../engine/baseline.js";
import type { MaskedFileResult } from "../engine/diagnostic.js";
import { lintPaths, type LintPathsOptions, type LintSession } from "../lint.js";
import { formatJsonEnd, formatJsonFile, formatJsonStart } from "../report/json.js";
import { formatStylishFile, formatStylishSummary } from "../report/stylish.js";
import { addToSummary, type Summary } from "../report/summary.js";
import type { CommandIO } from "./io.js";
import { createProgress } from "./progress.js";

/** How {@link streamLint} reports. */
export interface StreamOptions {
  format: "stylish" | "json";
  color: boolean;
  /** `--quiet`: errors only in the output (the exit code still counts every finding). */
  quiet: boolean;
  /** Report the inputs that matched (`--no-error-on-unmatched-pattern`) even when another matched nothing. */
  reportWhenUnmatched?: boolean;
  baseline: Baseline | undefined;
  /** Where the baseline file is (its entry paths are relative to its directory). */
  baselineLocation?: BaselineLocation;
  lint: Pick<LintPathsOptions, "workers" | "cache">;
}

/** What the run's exit code and closing messages need. */
export interface StreamOutcome {
  /** Counts before `--quiet` filtering. */
  summary: Summary;
  internalErrors: string[];
  unmatched: string[];
  /** Findings the baseline suppressed. */
  suppressed: number;
  cacheWarning?: string;
}

const emptySummary = (): Summary => ({ files: 0, errors: 0, warnings: 0, infos: 0, filesWithFindings: 0 });

/** Lints `inputs`, writing the report to `io.stdout` as it goes (nothing when an input matches no file). */
export async function streamLint(inputs: readonly string[], session: LintSession, io: CommandIO, options: StreamOptions): Promise<StreamOutcome> {
  const summary = emptySummary();
  const shownSummary = emptySummary();
  const internalErrors: string[] = [];
  let suppressed = 0;
  let written = 0;
  let silent = false;
  const progress = createProgress(io);
  const write = (text: string) => {
    if (silent || text === "") return;
    progress?.end();
    io.stdout.write(text);
  };
  const onResult = (linted: MaskedFileResult) => {
    internalErrors.push(...linted.internalErrors);
    let result = linted;
    if (options.baseline) {
      const outcome = applyBaseline([linted], options.baseline, options.baselineLocation);
      suppressed += outcome.suppressed;
      result = outcome.results[0] as MaskedFileResult;
    }
    addToSummary(summary, result);
    const shown = options.quiet ? { ...result, diagnostics: result.diagnostics.filter((d) => d.severity === "error") } : result;
    addToSummary(shownSummary, shown);
    write(options.format === "json" ? formatJsonFile(shown, written) : formatStylishFile(shown, { color: options.color }));
    written++;
    // After the file's lines, so the line stays visible below them.
    progress?.tick();
  };
  let run;
  try {
    run = await lintPaths(inputs, session, onResult, {
      ...options.lint,
      keepResults: false,
      onStart: (total, unmatched) => {
        // An input that matches nothing is a usage error: no report at all, as without streaming.
        silent = unmatched.length > 0 && !options.reportWhenUnmatched;
        progress?.start(total);
        if (options.format === "json") write(formatJsonStart());
      },
    });
  } finally {
    progress?.end();
  }
  write(options.format === "json" ? formatJsonEnd(shownSummary, written) : formatStylishSummary(shownSummary, { color: options.color }));
  return {
    summary,
    internalErrors,
    unmatched: run.unmatched,
    suppressed,
    ...(run.cacheWarning ? { cacheWarning: run.cacheWarning } : {}),
  };
}
