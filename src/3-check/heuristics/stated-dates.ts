/**
 * The dates a handoff states for itself, outside code: "Last updated: 2026-06-20", "**Date:** …",
 * "As of 2026-07-06, …", a dated title (`# Handoff — 2026-04-18`), a dated update or status heading
 * (`## Update 2026-07-06`), a "Last updated" heading over a date, a `| Last updated | … |` row, a
 * frontmatter `date:` / `last_updated:`, a JSON handoff file's top-level `generated_at` / `updatedAt`
 * / `timestamp` …, an update stamp opening a line (`**2026-08-05 update:**`), and ETAs
 * ("ETA: 2026-01-20", "ETA 45 minutes").
 * Dates are read as written: ISO (`2026-06-20`, `2026/06/20`), `20.06.2026`, `June 20, 2026`,
 * `20 June 2026`, `2026年6月20日`, `2026년 6월 20일`, `23 de janeiro de 2026` (the month named in one of
 * {@link MONTH_NAMES}' languages), `09-FEB-2026`, and `11/03/2026` (day first, unless the second
 * number cannot be a month: `03/25/2026`).
 */
import type { Heading, Node, Root, TableRow } from "mdast";
import { findNodeAtLocation } from "jsonc-parser";
import { toString } from "mdast-util-to-string";
import type { HandoffDocument } from "../../2-parse/document/model.js";

/** One statement of the document's date. */
export interface StatedDate {
  /** The day stated (00:00 UTC; a time of day when one is written). */
  date: Date;
  /** The date as written. */
  written: string;
  /** What states it: `Last updated`, `Date`, `as of`, `title`, `heading`, `frontmatter date`, `ETA`. */
  source: string;
  offset: number;
  endOffset: number;
}

/** An ETA given as a duration ("ETA 45 minutes", "ETA: ~2h"): relative to when it was written. */
export interface RelativeEta {
  written: string;
  offset: number;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
/** An English month name or its abbreviation, as the named group `name`. */
const month = (name: string) =>
  `(?<${name}>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?`;
/**
 * Month names and abbreviations in the languages handoffs are written in (English, Spanish,
 * Portuguese, French, Italian, German, Dutch, Catalan; Russian and Ukrainian in the genitive a date
 * uses), by month: the day-first shapes below read `23 de janeiro de 2026`, `5. März 2026`,
 * `1er janvier 2026`, `23 января 2026` and `09-FEB-2026` with them.
 */
const MONTH_NAMES: readonly (readonly string[])[] = [
  ["january", "jan", "enero", "ene", "janeiro", "janvier", "janv", "gennaio", "gen", "januar", "jänner", "januari", "gener", "января", "янв", "січня"],
  ["february", "feb", "febrero", "fevereiro", "fev", "février", "févr", "fevrier", "febbraio", "februar", "februari", "febrer", "февраля", "фев", "лютого"],
  ["march", "mar", "marzo", "março", "mars", "märz", "mrz", "maart", "mrt", "març", "марта", "березня"],
  ["april", "apr", "abril", "abr", "avril", "avr", "aprile", "апреля", "квітня"],
  ["may", "mayo", "maio", "mai", "maggio", "mag", "mei", "maig", "мая", "травня"],
  ["june", "jun", "junio", "junho", "juin", "giugno", "giu", "juni", "juny", "июня", "червня"],
  ["july", "jul", "julio", "julho", "juillet", "juil", "luglio", "lug", "juli", "juliol", "июля", "липня"],
  ["august", "aug", "agosto", "ago", "août", "aout", "augustus", "agost", "августа", "серпня"],
  ["september", "sep", "sept", "septiembre", "setiembre", "setembro", "set", "septembre", "settembre", "setembre", "сентября", "вересня"],
  ["october", "oct", "octubre", "outubro", "out", "octobre", "ottobre", "ott", "oktober", "okt", "октября", "жовтня"],
  ["november", "nov", "noviembre", "novembro", "novembre", "ноября", "листопада"],
  ["december", "dec", "diciembre", "dic", "dezembro", "dez", "décembre", "decembre", "dicembre", "dezember", "desembre", "декабря", "грудня"],
];
const MONTH_BY_NAME = new Map(MONTH_NAMES.flatMap((names, i) => names.map((name) => [name, i + 1] as const)));
/** Any name of {@link MONTH_NAMES} (longest first), as the named group `name`. */
const anyMonth = (name: string) => `(?<${name}>${[...MONTH_BY_NAME.keys()].sort((a, b) => b.length - a.length).join("|")})\\.?(?![\\p{L}])`;
/** The date shapes, tried in this order at each position. */
const DATE_SHAPES = [
  "(?<iy>\\d{4})[-/.](?<im>\\d{1,2})[-/.](?<id>\\d{1,2})(?:[T ](?<ih>\\d{2}):(?<imin>\\d{2}))?",
  "(?<cy>\\d{4})\\s*[年년]\\s*(?<cm>\\d{1,2})\\s*[月월]\\s*(?<cd>\\d{1,2})\\s*[日일]?",
  "(?<ed>\\d{1,2})\\.(?<em>\\d{1,2})\\.(?<ey>\\d{4})",
  "(?<sa>\\d{1,2})/(?<sb>\\d{1,2})/(?<sy>\\d{4})",
  `${month("nm")}\\s+(?<nd>\\d{1,2})(?:st|nd|rd|th)?,?\\s+(?<ny>\\d{4})`,
  `(?<rd>\\d{1,2})(?:st|nd|rd|th)?\\s+${month("rm")}\\s+(?<ry>\\d{4})`,
  `(?<ld>\\d{1,2})(?:\\.|º|er)?\\s*(?:de\\s+|d['’])?${anyMonth("lm")},?\\s+(?:del?\\s+)?(?<ly>\\d{4})`,
  `(?<hd>\\d{1,2})-${anyMonth("hm")}-(?<hy>\\d{4})`,
];
/** The patterns built from the tables above, for the ReDoS check of the test suite. */
export const STATED_DATE_PATTERNS: () => readonly RegExp[] = () => [DATE_RE, LABEL_ALONE_RE, LABEL_LINE_RE, LINE_OPENING_RE, UPDATE_AFTER_DATE_RE];
const DATE_RE = new RegExp(DATE_SHAPES.map((shape) => `(?<![\\w.])(?:${shape})(?!\\d)`).join("|"), "iu");

function utcDay(year: number, month: number, day: number, hour = 0, minute = 0): Date | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1970 || year > 2999) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return date.getUTCMonth() === month - 1 ? date : undefined;
}

const monthOf = (name: string | undefined) => MONTHS.indexOf((name ?? "").slice(0, 3).toLowerCase()) + 1;

/** The first date written in `text`, with where it starts. */
export function findDate(text: string): { date: Date; written: string; index: number } | undefined {
  const match = DATE_RE.exec(text);
  const g = match?.groups;
  if (!match || !g) return undefined;
  let date: Date | undefined;
  if (g.iy) date = utcDay(+g.iy, +(g.im ?? 0), +(g.id ?? 0), g.ih ? +g.ih : 0, g.imin ? +g.imin : 0);
  else if (g.cy) date = utcDay(+g.cy, +(g.cm ?? 0), +(g.cd ?? 0));
  else if (g.ey) date = utcDay(+g.ey, +(g.em ?? 0), +(g.ed ?? 0));
  else if (g.sy) {
    const a = +(g.sa ?? 0);
    const b = +(g.sb ?? 0);
    // Day first, as most of the world writes it; month first only when the second number cannot be a month.
    date = b > 12 ? utcDay(+g.sy, a, b) : utcDay(+g.sy, b, a);
  } else if (g.ny) date = utcDay(+g.ny, monthOf(g.nm), +(g.nd ?? 0));
  else if (g.ry) date = utcDay(+g.ry, monthOf(g.rm), +(g.rd ?? 0));
  else if (g.ly) date = utcDay(+g.ly, MONTH_BY_NAME.get((g.lm ?? "").toLowerCase()) ?? 0, +(g.ld ?? 0));
  else if (g.hy) date = utcDay(+g.hy, MONTH_BY_NAME.get((g.hm ?? "").toLowerCase()) ?? 0, +(g.hd ?? 0));
  return date ? { date, written: match[0], index: match.index } : undefined;
}

/** Labels that state the document's own date, in the languages handoffs are written in (longest first, so `更新时间` is not read as `更新`). */
const LABEL = [
  "last[ -]?updated?",
  "last[ -]?modified",
  "(?:status(?:es)? )?updated(?: on| at)?",
  "date",
  "session date",
  "date de (?:la )?session",
  "sitzungsdatum",
  "report date",
  "generated(?: on| at)?",
  "written(?: on)?",
  "created(?: on)?",
  "initiali[sz]ed(?: on)?",
  "opened(?: on)?",
  "stand",
  "datum",
  "zuletzt aktualisiert",
  "aktualisiert(?: am)?",
  "fecha(?: de actualización| de (?:la )?sesión)?",
  "actualizado(?: el)?",
  "última actualización",
  "data(?: de referência| di aggiornamento| da sessão| della sessione)?",
  "atualizado(?: em)?",
  "última atualização",
  "mis à jour(?: le)?",
  "dernière mise à jour",
  "aggiornato(?: il)?",
  "ultimo aggiornamento",
  "última actualització",
  "actualitzat(?: el)?",
  "laatst bijgewerkt",
  "senast uppdaterad",
  "viimati uuendatud",
  "обновлено",
  "дата(?: обновления| сессии)?",
  "оновлено",
  "更新日",
  "生成日時?",
  "作成日時?",
  "生成(?:时间|時間|日期)",
  "创建(?:时间|日期)",
  "建立(?:時間|日期)",
  "最終更新日?",
  "更新日時",
  "更新时间",
  "最后更新(?:时间|日期)?",
  "最後更新(?:時間|日期)?",
  "上次更新",
  "最近更新",
  "更新時間",
  "更新",
  "日期",
  "작성일",
  "업데이트",
  "날짜",
  "최종 수정",
  "최종 업데이트",
  "마지막 업데이트",
]
  .sort((a, b) => b.length - a.length)
  .join("|");
/** A label alone: a `Last updated` heading or table cell. */
const LABEL_ALONE_RE = new RegExp(`^(?:${LABEL})$`, "iu");
/** `Label: <date>` at the start of a line (after list markers, quote markers and emphasis). */
const LABEL_LINE_RE = new RegExp(`^[\\s>*_-]*(?:\\d+[.)]\\s+)?[*_]*(${LABEL})[*_]*\\s*[:：]?[*_]*\\s*(?=\\S)`, "iu");
/** "As of <date>" opening a line: what the document says about the time it describes. */
const AS_OF_RE = /^[\s>*_-]*(?:status\s+)?(as of|stand(?: vom)?|à la date du|a partir de|en fecha)\s+/iu;
/** A heading that dates an update, a status or a session (`## Update 2026-07-06`, `## 当前状态（…）`). */
const DATED_HEADING_RE =
  /update|status|session|handoff|hand-off|checkpoint|snapshot|log|stand|aktualisierung|état|estado|stato|状态|进度|更新|현황|세션|업데이트/iu;
/** Markers that may open a line before its statement: list, quote, numbering, emphasis. */
const LINE_OPENING_RE = /^[\s>*_-]*(?:\d+[.)]\s+)?[*_]*/u;
/** What follows a date that opens a line to make it an update stamp (`**2026-08-05 update:**`, `2026-08-05 更新。`). */
const UPDATE_AFTER_DATE_RE =
  /^\s*(?:updated?|update note|aktualisierung|aktualisiert|mise à jour|actualización|aggiornamento|atualização|обновление|оновлення|更新|업데이트)[*_]*\s*(?:[:：。.!]|$)/iu;
const ETA_RE = /\bETA\b\s*[:：]?\s*(?:~|≈|about\s+|approx\.?\s+)?/giu;
const RELATIVE_ETA_RE = /^(\d+(?:[.,]\d+)?\s*(?:min(?:ute)?s?|m|h(?:ours?|rs?)?|d(?:ays?)?|weeks?))\b/iu;

/** Top-level keys of a JSON handoff record that state its date (`generated_at`, `updatedAt`, `created_date`, `timestamp`, …). */
const RECORD_DATE_KEY_RE =
  /^(?:date|timestamp|written|opened|as[_-]?of|(?:session|handoff)[_-]?date|last[_-]?(?:updated|modified)|(?:updated|generated|created)(?:[_-]?(?:at|on|date))?)$/i;

/** The dates a whole-file JSON record states at its top level: a string value that starts with a date. */
function recordDates(document: HandoffDocument): StatedDate[] {
  const record = document.record;
  const data = record?.data;
  if (record?.origin !== "file" || !record.tree || !data || typeof data !== "object" || Array.isArray(data)) return [];
  const dates: StatedDate[] = [];
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (typeof value !== "string" || !RECORD_DATE_KEY_RE.test(key)) continue;
    const found = findDate(value);
    const node = findNodeAtLocation(record.tree, [key]);
    if (found?.index !== 0 || node?.type !== "string") continue;
    // The value's text starts after its opening quote; nothing before the date can be an escape.
    const offset = record.offset + node.offset + 1;
    dates.push({ date: found.date, written: found.written, source: `record ${key}`, offset, endOffset: offset + found.written.length });
  }
  return dates;
}

/** Finds the stated dates and relative ETAs of `document`, in document order. */
export function statedDates(document: HandoffDocument): { dates: StatedDate[]; relativeEtas: RelativeEta[] } {
  const dates: StatedDate[] = recordDates(document);
  const relativeEtas: RelativeEta[] = [];
  const { text } = document;
  const add = (source: string, within: string, base: number) => {
    const found = findDate(within);
    if (found)
      dates.push({ date: found.date, written: found.written, source, offset: base + found.index, endOffset: base + found.index + found.written.length });
  };
  const frontmatter = document.frontmatter;
  if (frontmatter?.data) {
    for (const [key, value] of Object.entries(frontmatter.data)) {
      if (!/^(?:date|last[_-]?updated|last[_-]?modified|modified|updated_at|as_of|generated|written|opened)$/i.test(key)) continue;
      const written = value instanceof Date ? value.toISOString().slice(0, 10) : typeof value === "string" ? value : undefined;
      if (!written) continue;
      const keyAt = frontmatter.raw.indexOf(key);
      const valueAt = frontmatter.raw.indexOf(written, Math.max(0, keyAt));
      add(`frontmatter ${key}`, written, frontmatter.contentOffset + Math.max(0, valueAt === -1 ? keyAt : valueAt));
    }
  }
  const root: Root | undefined = document.mdast;
  if (!root) return { dates, relativeEtas };
  let titleSeen = false;
  // The header: the first 15 lines, or what comes before the first section heading (depth 2 or more) when that is longer.
  const firstSection = root.children.find((child) => child.type === "heading" && (child as Heading).depth >= 2)?.position?.start.offset ?? 0;
  const headerEnd = Math.max(firstSection, document.lines.lineCount > 15 ? document.lines.lineStart(16) : text.length);
  const visitNode = (node: Node, parent: Node | undefined, index: number): void => {
    if (node.type === "code" || node.type === "html" || node.type === "inlineCode") return;
    const start = node.position?.start.offset ?? 0;
    const end = node.position?.end.offset ?? start;
    if (node.type === "heading") {
      const title = toString(node as Heading);
      const source = text.slice(start, end);
      const before = dates.length;
      readLines(
        source.replace(/^#+/, (hashes) => " ".repeat(hashes.length)),
        start,
        dates,
        relativeEtas,
      );
      if (dates.length === before) {
        const opening = findDate(title);
        if (!titleSeen) add("title", source, start);
        // A heading that names an update, or opens with a date (a journal's entries: `## 2026-03-23 (сессия 2)`).
        else if (DATED_HEADING_RE.test(title) || (opening && opening.index <= 4 && !/[\p{L}\p{N}]/u.test(title.slice(0, opening.index))))
          add("heading", source, start);
      }
      titleSeen = true;
      // A "Last updated" heading over a paragraph that starts with the date.
      const next = (parent as { children?: Node[] } | undefined)?.children?.[index + 1];
      if (LABEL_ALONE_RE.test(title.trim()) && next?.type === "paragraph") {
        const nextStart = next.position?.start.offset ?? 0;
        const nextSource = text.slice(nextStart, next.position?.end.offset ?? nextStart);
        if (findDate(nextSource)?.index === nextSource.search(/\d/)) add(title.trim(), nextSource, nextStart);
      }
      return;
    }
    if (node.type === "paragraph") {
      readLines(text.slice(start, end), start, dates, relativeEtas, start < headerEnd);
      return;
    }
    if (node.type === "tableRow") {
      const cells = (node as TableRow).children;
      const label = cells[0] ? toString(cells[0]).trim() : "";
      const cell = cells[1];
      if (cell && LABEL_ALONE_RE.test(label)) {
        const cellStart = cell.position?.start.offset ?? 0;
        add(label, text.slice(cellStart, cell.position?.end.offset ?? cellStart), cellStart);
      }
      return;
    }
    ((node as { children?: Node[] }).children ?? []).forEach((child, i) => visitNode(child, node, i));
  };
  root.children.forEach((child, i) => visitNode(child, root, i));
  return { dates: dates.sort((a, b) => a.offset - b.offset), relativeEtas };
}

/**
 * A short label opening a line in the document's header (`**Конец сессии:**`, `- Handover date:`,
 * `**RESUMED:**`): at most five words, no sentence punctuation, then a colon.
 */
const HEADER_LABEL_RE =
  /^[\s>]*(?:[-*+][ \t]+)?(?:\d+[.)][ \t]+)?(?:\*\*|__)?(\p{L}[\p{L}\p{M}'’]*(?:[ \t-]\p{L}[\p{L}\p{M}'’]*){0,4})(?:\*\*|__)?[:：](?:\*\*|__)?[ \t]?/u;
/** What may stand between a value's start and its date: a few words, an opening bracket or backtick ("Session end (Jan 22, 2026"). */
const BEFORE_DATE_RE = /^[ \t`*_]*(?:(?:\p{L}[\p{L}\p{M}'’-]*[ \t]+){1,3}[(（[]|[(（[])[ \t`*_]*$/u;
/** A short statement that is only a date: a few words before it, punctuation or brackets after ("Актуально на 2026-07-21.", "État au 4 août 2026."). */
const STATEMENT_BEFORE_RE = /^[\s>]*(?:[-*+][ \t]+)?(?:\*\*|__)?(?:\p{L}[\p{L}\p{M}'’-]*[ \t]+){1,4}[*_`]*$/u;
const STATEMENT_AFTER_RE = /^[`*_]*[.!。)）\]]*\s*$/u;
/** The end of a first sentence right after its date. */
const SENTENCE_END_RE = /^[`*_]*[.!。](?:\s|$)/u;

/** Where the date opens a value: at its start, or after a few words and a bracket. */
function opensValue(value: string, found: { index: number }): boolean {
  return found.index <= 2 || (found.index <= 40 && BEFORE_DATE_RE.test(value.slice(0, found.index)));
}

/**
 * Reads the `Label: date`, `As of date` and ETA statements of a paragraph's lines. In the header
 * (`header`: the first 15 lines, or up to the first section), any short label whose value opens
 * with a date states it, and so does a paragraph that opens with a few words and a date, as a line
 * or a sentence of its own.
 */
function readLines(source: string, base: number, dates: StatedDate[], relativeEtas: RelativeEta[], header = false): void {
  let lineStart = 0;
  for (const line of source.split("\n")) {
    const at = base + lineStart;
    const dateLabel = LABEL_LINE_RE.exec(line);
    // Any short label of the header, but an ETA's (the ETA statements below read it under its own name).
    const headerLabel = !dateLabel && header ? HEADER_LABEL_RE.exec(line) : null;
    const label = dateLabel ?? (headerLabel && !/\bETA\b/i.test(headerLabel[1] ?? "") ? headerLabel : null);
    const asOf = label ? undefined : AS_OF_RE.exec(line);
    const opening = label ?? asOf;
    // A statement opens its paragraph: a line of its own, or the first sentence of the first line ("État au 4 août 2026. Ce document …").
    const statement = header && !opening && lineStart === 0 ? findDate(line) : undefined;
    const after = statement ? line.slice(statement.index + statement.written.length) : "";
    if (
      statement &&
      STATEMENT_BEFORE_RE.test(line.slice(0, statement.index)) &&
      (source.includes("\n") ? SENTENCE_END_RE.test(after) : STATEMENT_AFTER_RE.test(after))
    ) {
      const offset = at + statement.index;
      dates.push({ date: statement.date, written: statement.written, source: "statement", offset, endOffset: offset + statement.written.length });
    } else if (opening) {
      const rest = line.slice(opening[0].length);
      const found = findDate(rest);
      // The date must open the value ("Date: 2026-05-15. Master …"), not come later in a sentence.
      // A date label's value may lead in with a few words ("Last updated: Session end (Jan 22, 2026"); any other label's must open with it.
      if (found && (dateLabel ? opensValue(rest, found) : found.index <= 2)) {
        const offset = at + opening[0].length + found.index;
        dates.push({
          date: found.date,
          written: found.written,
          source: label ? (label[1] ?? "label") : "as of",
          offset,
          endOffset: offset + found.written.length,
        });
      }
    } else {
      // A date opening the line, stamped as an update ("**2026-08-05 update:**", "2026-08-05 更新。").
      const markers = LINE_OPENING_RE.exec(line)?.[0].length ?? 0;
      const rest = line.slice(markers);
      const found = findDate(rest);
      if (found?.index === 0 && UPDATE_AFTER_DATE_RE.test(rest.slice(found.written.length))) {
        const offset = at + markers;
        dates.push({ date: found.date, written: found.written, source: "update stamp", offset, endOffset: offset + found.written.length });
      }
    }
    for (const eta of line.matchAll(ETA_RE)) {
      const rest = line.slice((eta.index ?? 0) + eta[0].length);
      const found = findDate(rest);
      const offset = at + (eta.index ?? 0);
      if (found && found.index === 0)
        dates.push({
          date: found.date,
          written: found.written,
          source: "ETA",
          offset: offset + eta[0].length,
          endOffset: offset + eta[0].length + found.written.length,
        });
      else {
        const relative = RELATIVE_ETA_RE.exec(rest);
        if (relative) relativeEtas.push({ written: `ETA ${relative[1]}`, offset });
      }
    }
    lineStart += line.length + 1;
  }
}
