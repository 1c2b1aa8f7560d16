/**
 * The `json` reporter: one JSON object for the whole run.
 *
 * Shape: `{"files":[{"path","profile","diagnostics":[{"ruleId","severity","message","line",
 * "column","endLine","endColumn"}]}],"summary":{"files","errors","warnings","infos"}}`.
 * Paths are relative to the working directory; lines and columns 1-based.
 */
import type { FileResult } from "../engine/diagnostic.js";
import { summarize } from "./summary.js";

/** Renders results; `results` must already be masked. */
export function formatJson(results: readonly FileResult[]): string {
  const s = summarize(results);
  const files = results.map((r) => ({
    path: r.path,
    profile: r.profile,
    diagnostics: r.diagnostics.map((d) => ({
      ruleId: d.ruleId,
      severity: d.severity,
      message: d.message,
      line: d.line,
      column: d.column,
      endLine: d.endLine,
      endColumn: d.endColumn,
    })),
  }));
  return `${JSON.stringify({ files, summary: { files: s.files, errors: s.errors, warnings: s.warnings, infos: s.infos } }, null, 2)}\n`;
}
