/**
 * Words and numbers shared by the stats outputs (table, Markdown, charts, HTML).
 */
import type { Figure } from "./figures.js";

/** `n word`, with the plural form unless n is 1: `1 pointer file`, `2 pointer files`. */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** The value shown beside a bar or in a legend: `14 of 35 (40%)`, or `0 of 0` when nothing was counted. */
export function figureValue(f: Figure): string {
  return f.total === 0 ? `${f.count} of ${f.total}` : `${f.count} of ${f.total} (${Math.round(f.share * 100)}%)`;
}

/** Figures where a higher share is worse. */
const PROBLEM_FIGURES = new Set(["expired", "secret-findings", "injection-findings"]);

/** Whether a higher share of figure `id` is worse (expired, secret or injection findings). */
export function isProblemFigure(id: string): boolean {
  return PROBLEM_FIGURES.has(id);
}

/** `35 files: 35 handoffs, 0 pointer files, 0 other files`. */
export function fileCounts(report: { files: number; handoffs: number; pointers: number; other: number }): string {
  return `${counted(report.files, "file")}: ${counted(report.handoffs, "handoff")}, ${counted(report.pointers, "pointer file")}, ${counted(report.other, "other file")}`;
}
