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
  const summary: Summary = { files: results.length, errors: 0, warnings: 0, infos: 0, filesWithFindings: 0 };
  for (const result of results) {
    if (result.diagnostics.length > 0) summary.filesWithFindings++;
    for (const d of result.diagnostics) {
      if (d.severity === "error") summary.errors++;
      else if (d.severity === "warning") summary.warnings++;
      else summary.infos++;
    }
  }
  return summary;
}
