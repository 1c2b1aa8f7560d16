/**
 * Charts for `handoff stats`: a horizontal bar chart of each figure's share (SVG 1.1), a line
 * chart of shares over history, and an HTML page holding either. Pure string output: no fonts or
 * scripts are loaded; text is XML-escaped.
 */
import type { Figure, StatsReport } from "./figures.js";

/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] as string);
}

const FAMILY = 'font-family="system-ui, -apple-system, Segoe UI, sans-serif"';
/** Text attributes: one font-size per element (a repeated attribute is not well-formed XML). */
const FONT = `${FAMILY} font-size="12"`;
const TITLE_FONT = `${FAMILY} font-size="16"`;

/** A bar per figure, share 0–100 %, with `count of total` beside each bar. */
export function barChartSvg(report: StatsReport): string {
  const figures = report.figures;
  const labelWidth = 360;
  const barWidth = 320;
  const row = 22;
  const top = 40;
  const height = top + figures.length * row + 20;
  const width = labelWidth + barWidth + 120;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="Handoff adoption">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="12" y="24" ${TITLE_FONT} font-weight="600" fill="#111">Handoff adoption: ${report.handoffs} handoffs (${report.pointers} pointers, ${report.other} other files)</text>`,
  ];
  for (const pct of [0, 0.25, 0.5, 0.75, 1]) {
    const x = labelWidth + pct * barWidth;
    parts.push(`<line x1="${x}" y1="${top - 6}" x2="${x}" y2="${height - 16}" stroke="#e5e7eb"/>`);
  }
  figures.forEach((f: Figure, i) => {
    const y = top + i * row;
    const w = Math.round(f.share * barWidth * 10) / 10;
    const colour = f.id === "expired" || f.id.endsWith("-findings") ? "#dc2626" : "#2563eb";
    parts.push(
      `<text x="${labelWidth - 8}" y="${y + 14}" text-anchor="end" ${FONT} fill="#374151">${escapeXml(truncate(f.label, 56))}</text>`,
      `<rect x="${labelWidth}" y="${y + 3}" width="${barWidth}" height="14" fill="#f3f4f6"/>`,
      `<rect x="${labelWidth}" y="${y + 3}" width="${w}" height="14" fill="${colour}"><title>${escapeXml(`${f.label}: ${f.count} of ${f.total}`)}</title></rect>`,
      `<text x="${labelWidth + barWidth + 8}" y="${y + 14}" ${FONT} fill="#111">${f.count} of ${f.total} (${Math.round(f.share * 100)}%)</text>`,
    );
  });
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}

/** One point of history: a commit and its report. */
export interface HistoryPoint {
  commit: string;
  /** ISO-8601 commit date. */
  date: string;
  report: StatsReport;
}

const LINE_COLOURS = ["#2563eb", "#16a34a", "#d97706", "#9333ea", "#dc2626", "#0891b2"];

/** A line per figure id in `ids` (share over commits, oldest left). */
export function lineChartSvg(points: readonly HistoryPoint[], ids: readonly string[]): string {
  const width = 760;
  const height = 360;
  const left = 48;
  const right = 200;
  const top = 36;
  const bottom = 48;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const x = (i: number) => left + (points.length <= 1 ? plotW / 2 : (i / (points.length - 1)) * plotW);
  const y = (share: number) => top + (1 - share) * plotH;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="Handoff adoption over time">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="12" y="22" ${TITLE_FONT} font-weight="600" fill="#111">Handoff adoption over ${points.length} commit${points.length === 1 ? "" : "s"}</text>`,
  ];
  for (const pct of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(
      `<line x1="${left}" y1="${y(pct)}" x2="${left + plotW}" y2="${y(pct)}" stroke="#e5e7eb"/>`,
      `<text x="${left - 6}" y="${y(pct) + 4}" text-anchor="end" ${FONT} fill="#6b7280">${pct * 100}%</text>`,
    );
  }
  points.forEach((p, i) => {
    if (points.length <= 8 || i === 0 || i === points.length - 1) {
      parts.push(`<text x="${x(i)}" y="${height - bottom + 16}" text-anchor="middle" ${FONT} fill="#6b7280">${escapeXml(p.date.slice(0, 10))}</text>`);
    }
  });
  ids.forEach((id, k) => {
    const colour = LINE_COLOURS[k % LINE_COLOURS.length] as string;
    const coords = points.map((p, i) => `${x(i).toFixed(1)},${y(p.report.figures.find((f) => f.id === id)?.share ?? 0).toFixed(1)}`);
    parts.push(`<polyline fill="none" stroke="${colour}" stroke-width="2" points="${coords.join(" ")}"/>`);
    points.forEach((p, i) => {
      const share = p.report.figures.find((f) => f.id === id)?.share ?? 0;
      parts.push(`<circle cx="${x(i).toFixed(1)}" cy="${y(share).toFixed(1)}" r="3" fill="${colour}"><title>${escapeXml(`${p.commit.slice(0, 7)} ${id}: ${Math.round(share * 100)}%`)}</title></circle>`);
    });
    parts.push(
      `<rect x="${left + plotW + 16}" y="${top + k * 20}" width="12" height="12" fill="${colour}"/>`,
      `<text x="${left + plotW + 34}" y="${top + k * 20 + 10}" ${FONT} fill="#111">${escapeXml(id)}</text>`,
    );
  });
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}

/** A standalone HTML page around one or more SVG charts. */
export function htmlPage(title: string, svgs: readonly string[]): string {
  return `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${escapeXml(title)}</title>\n<style>body{font-family:system-ui,sans-serif;margin:24px;background:#fff;color:#111}</style>\n</head>\n<body>\n<h1>${escapeXml(title)}</h1>\n${svgs.join("\n")}</body>\n</html>\n`;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
