/**
 * Counting findings for summaries and exit codes.
 */
import type { FileResult } from "../engine/diagnostic.js";

/** Counts over a run. */
export interface Summary {
  /** Files linted. */
  files: number;
  errors: number;
  warnings: number;
  infos: number;
  /** Files with at least one finding. */
  filesWithFindings: number;
}

/** Counts findings in `results`. */
export function summarize(results: readonly FileResult[]): Summary {
  const summary: Summary = { files: 0, errors: 0, warnings: 0, infos: 0, filesWithFindings: 0 };
  for (const result of results) addToSummary(summary, result);
  return summary;
}

/** Counts one more file into `summary` (streaming runs count as files finish). */
export function addToSummary(summary: Summary, result: FileResult): void {
  summary.files++;
  if (result.diagnostics.length > 0) summary.filesWithFindings++;
  for (const d of result.diagnostics) {
    if (d.severity === "error") summary.errors++;
    else if (d.severity === "warning") summary.warnings++;
    else summary.infos++;
  }
}
