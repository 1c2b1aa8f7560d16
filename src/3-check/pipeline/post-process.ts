/**
 * The one step between a file's (already masked) result and its report, shared by the streaming
 * and the collecting `lint` paths: the baseline's findings dropped, the file counted, and with
 * `--quiet` everything but errors left out of what is shown (the counts keep every finding).
 */
import { applyBaseline, type Baseline, type BaselineLocation } from "../engine/baseline.js";
import type { MaskedFileResult } from "../engine/diagnostic.js";
import { addToSummary, type Summary } from "./summary.js";

/** How each result is post-processed. */
export interface PostProcessOptions {
  baseline?: Baseline;
  /** Where the baseline file is (its entry paths are relative to its directory). */
  baselineLocation?: BaselineLocation;
  /** `--quiet`: errors only in what is shown. */
  quiet: boolean;
}

/** What a run's exit code and closing lines need, counted file by file. */
export interface RunTally {
  /** Counts after the baseline, before `--quiet`. */
  summary: Summary;
  /** Counts of what is shown (after `--quiet`). */
  shown: Summary;
  /** Internal errors of every file, baseline or not. */
  internalErrors: string[];
  /** Findings the baseline suppressed. */
  suppressed: number;
}

const emptySummary = (): Summary => ({ files: 0, errors: 0, warnings: 0, infos: 0, filesWithFindings: 0 });

/** A tally of no files yet. */
export function createTally(): RunTally {
  return { summary: emptySummary(), shown: emptySummary(), internalErrors: [], suppressed: 0 };
}

/** Post-processes one file's result into `tally`. @returns the result to render. */
export function postProcess(linted: MaskedFileResult, options: PostProcessOptions, tally: RunTally): MaskedFileResult {
  tally.internalErrors.push(...linted.internalErrors);
  let result = linted;
  if (options.baseline) {
    const outcome = applyBaseline([linted], options.baseline, options.baselineLocation);
    tally.suppressed += outcome.suppressed;
    result = outcome.results[0] as MaskedFileResult;
  }
  addToSummary(tally.summary, result);
  const shown = options.quiet ? { ...result, diagnostics: result.diagnostics.filter((d) => d.severity === "error") } : result;
  addToSummary(tally.shown, shown);
  return shown;
}
