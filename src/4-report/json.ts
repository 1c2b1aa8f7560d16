/**
 * The `json` reporter: one JSON object for the whole run.
 *
 * Shape: `{"files":[{"path","profile","diagnostics":[{"ruleId","severity","message","line",
 * "column","endLine","endColumn"}]}],"summary":{"files","errors","warnings","infos"}}`; a file
 * checked as `generic` because it describes a format also has `"profileReason"` (why).
 * Paths are relative to the working directory; lines and columns 1-based.
 */
import type { MaskedFileResult } from "../3-check/engine/diagnostic.js";
import { summarize, type Summary } from "../3-check/pipeline/summary.js";

/** Renders results; `results` must already be masked. */
export function formatJson(results: readonly MaskedFileResult[]): string {
  return formatJsonStart() + results.map((result, index) => formatJsonFile(result, index)).join("") + formatJsonEnd(summarize(results), results.length);
}

/** The shape one file takes in the report. */
function fileEntry(r: MaskedFileResult) {
  return {
    path: r.path,
    profile: r.profile,
    ...(r.profileReason ? { profileReason: r.profileReason } : {}),
    diagnostics: r.diagnostics.map((d) => ({
      ruleId: d.ruleId,
      severity: d.severity,
      message: d.message,
      line: d.line,
      column: d.column,
      endLine: d.endLine,
      endColumn: d.endColumn,
    })),
  };
}

const indent = (text: string, spaces: string) => text.replace(/\n/g, `\n${spaces}`);

/**
 * {@link formatJson} in pieces for streaming output: the start, then each file (`index` = its place
 * in the run), then the end. Concatenated they are byte for byte `formatJson`'s text.
 */
export function formatJsonStart(): string {
  return '{\n  "files": [';
}

/** See {@link formatJsonStart}. */
export function formatJsonFile(result: MaskedFileResult, index: number): string {
  return `${index > 0 ? "," : ""}\n    ${indent(JSON.stringify(fileEntry(result), null, 2), "    ")}`;
}

/** See {@link formatJsonStart}; `fileCount` is how many files were written. */
export function formatJsonEnd(s: Summary, fileCount: number): string {
  const summary = { files: s.files, errors: s.errors, warnings: s.warnings, infos: s.infos };
  return `${fileCount > 0 ? "\n  " : ""}],\n  "summary": ${indent(JSON.stringify(summary, null, 2), "  ")}\n}\n`;
}
