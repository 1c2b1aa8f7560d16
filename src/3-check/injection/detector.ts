/**
 * What the injection rules share: a hit on a normalized text, regex pattern tables, and reporting a
 * hit at the original text's position.
 */
import type { Severity } from "../engine/diagnostic.js";
import type { RuleContext } from "../engine/rule.js";
import { originalSpan, type NormalizedText } from "./normalize.js";
import type { TextRun } from "./runs.js";

/** One match on a normalized text. `start`/`end` index the normalized text. */
export interface InjectionHit {
  start: number;
  end: number;
  messageId: string;
  data: Record<string, string | number>;
  /** Severity for this hit when config does not set the rule's severity. */
  severity?: Severity;
}

/** A pattern of a rule: a global regex (bounded: no unbounded repetition around alternation). */
export interface InjectionPattern {
  /** Must carry the `g` flag. */
  re: RegExp;
  messageId: string;
  severity?: Severity;
}

/** Finds the hits of text-level detector over normalized text (what `injection-obfuscation` reuses). */
export type TextDetector = (text: string) => InjectionHit[];

/** Longest excerpt quoted in a message, in characters. */
export const EXCERPT_LENGTH = 60;

/** `text` trimmed to {@link EXCERPT_LENGTH} characters on one line, with `…` when cut. */
export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
}

/**
 * Every match of every pattern in `text`, as hits whose `data.text` is the excerpt of the match.
 * Overlapping matches of different patterns are all kept; the caller reports what it needs.
 */
export function patternHits(text: string, patterns: readonly InjectionPattern[]): InjectionHit[] {
  const hits: InjectionHit[] = [];
  for (const pattern of patterns) {
    pattern.re.lastIndex = 0;
    for (let m = pattern.re.exec(text); m !== null; m = pattern.re.exec(text)) {
      if (m[0].length === 0) {
        pattern.re.lastIndex++;
        continue;
      }
      const hit: InjectionHit = { start: m.index, end: m.index + m[0].length, messageId: pattern.messageId, data: { text: excerpt(m[0]) } };
      if (pattern.severity) hit.severity = pattern.severity;
      hits.push(hit);
    }
  }
  return dropOverlaps(hits);
}

/** Keeps the first (then longest) of overlapping hits, in text order. */
export function dropOverlaps(hits: InjectionHit[]): InjectionHit[] {
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: InjectionHit[] = [];
  let lastEnd = -1;
  for (const hit of hits) {
    if (hit.start < lastEnd) continue;
    kept.push(hit);
    lastEnd = hit.end;
  }
  return kept;
}

/** Where a run sits, for messages: ` in an HTML comment`, … (with a leading space), `` for body text. */
export function placeOf(run: TextRun): string {
  switch (run.kind) {
    case "comment":
      return " in an HTML comment";
    case "definition":
      return " in a link reference definition";
    case "url":
      return " in a link URL";
    case "title":
      return " in a link title";
    case "alt":
      return " in image alt text";
    case "frontmatter":
      return " in frontmatter";
    case "code":
      return " in a code block";
    case "heading":
      return " in a heading";
    case "html":
      return " in HTML";
    case "json":
      return " in a JSON string";
    default:
      return "";
  }
}

/** Reports `hit` found in `normalized` at the original document position. */
export function reportHit(context: RuleContext, normalized: NormalizedText, hit: InjectionHit, extra: Record<string, string | number> = {}): void {
  const { offset, endOffset } = originalSpan(normalized, hit.start, hit.end);
  context.report({
    messageId: hit.messageId,
    data: { ...hit.data, ...extra },
    offset,
    endOffset,
    ...(hit.severity ? { severity: hit.severity } : {}),
  });
}

/** Runs `detector` over every run of `runs` and reports each hit with `{{where}}` filled in. */
export function reportRuns(context: RuleContext, runs: readonly TextRun[], detector: TextDetector): void {
  for (const run of runs) {
    for (const hit of detector(run.normalized.text)) reportHit(context, run.normalized, hit, { where: placeOf(run) });
  }
}
