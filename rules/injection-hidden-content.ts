/**
 * injection-hidden-content: text a reader of the rendered handoff does not see but an agent reading
 * the source does:
 * - invisible characters in the raw text: bidi embeddings/overrides/isolates (Trojan Source,
 *   CVE-2021-42574), Unicode tag characters (ASCII smuggling), zero-width characters;
 * - mixed-script words: Latin letters mixed with Cyrillic/Greek/… look-alikes (`раypal`);
 * - imperative text aimed at the agent inside HTML comments, link reference definitions,
 *   `<details>` blocks and elements hidden with `display:none` / `hidden`.
 *
 * Legitimate uses are left alone: a zero-width joiner inside an emoji sequence, ZWJ/ZWNJ between
 * letters of scripts that need them (Arabic, Persian, Indic), tag characters of a subdivision flag
 * (🏴 + tags), and LRM/RLM marks.
 */
import type { HandoffDocument } from "../src/document/model.js";
import type { Rule, RuleContext } from "../src/engine/rule.js";
import { excerpt, patternHits, reportHit, type InjectionPattern } from "../src/injection/detector.js";
import { latinLookAlike } from "../src/injection/confusables.js";
import { textRuns, type TextRun } from "../src/injection/runs.js";

const INVISIBLE = /[\u200B-\u200D\u2060-\u2064\u180E\u202A-\u202E\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/gu;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/u;
/** A subdivision flag: U+1F3F4 WAVING BLACK FLAG followed by tag characters (🏴󠁧󠁢󠁥󠁮󠁧󠁿). */
const FLAG_TAGS = /\u{1F3F4}[\u{E0000}-\u{E007F}]*$/u;
const PICTOGRAPH = /[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\uFE0F]/u;
const JOINING_SCRIPT = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Myanmar}\p{Script=Khmer}\p{Script=Mongolian}\p{Script=Thai}\p{Script=Tibetan}]/u;
/** Most invisible-character (and mixed-script) findings per document; the rest are summed up in one more finding. */
const MAX_FINDINGS = 20;

const WORD = /[\p{L}\p{M}]{2,}/gu;
const LATIN = /\p{Script=Latin}/u;
const OTHER_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}\p{Script=Coptic}\p{Script=Georgian}]/gu;

// Imperatives aimed at the agent, or asking it to keep something from the people in the loop.
const HIDDEN_IMPERATIVE: readonly InjectionPattern[] = [
  {
    re: /\b(?:do\s+not|don't|never)\s+(?:tell|inform|mention|reveal|show|let|alert|notify)\s+(?:\w+\s+){0,2}?(?:the\s+)?(?:user|human|operator|owner|reviewer|maintainer|anyone|them)\b/gi,
    messageId: "imperative",
  },
  { re: /\bwithout\s+(?:telling|informing|notifying|asking|alerting)\s+(?:the\s+)?(?:user|human|operator|owner|reviewer|maintainer|anyone)\b/gi, messageId: "imperative" },
  {
    re: /\b(?:secretly|silently|quietly|covertly|discreetly)\s+(?:run|execute|send|upload|post|push|delete|remove|add|install|curl|exfiltrate|copy|commit|disable|modify|change|include|append|insert|forward|email)\b/gi,
    messageId: "imperative",
  },
  {
    re: /\b(?:(?:the|any|an?)\s+)?(?:AI|assistant|agent|model|LLM|Claude|GPT|ChatGPT|Copilot|Codex|Cursor|Gemini)s?\s+(?:reading\s+this\s+)?(?:must|should|shall|needs?\s+to|is\s+(?:to|instructed\s+to|required\s+to)|will)\s+(?:now\s+|always\s+|also\s+|first\s+|immediately\s+)?[a-z]+\b/gi,
    messageId: "imperative",
  },
  { re: /\b(?:note|message|instructions?)\s+(?:for|to)\s+(?:the\s+|any\s+)?(?:AI|assistant|agent|model|LLM)s?\b/gi, messageId: "imperative" },
  { re: /(?<=^|[\s;|&`(])(?:curl|wget|nc|ncat|scp|rsync|ftp)\s+[^\s`]{2,}/gim, messageId: "imperative" },
];

const HIDING_ELEMENT = /<([A-Za-z][\w-]{0,20})\b[^>]{0,400}?(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d])|opacity\s*:\s*0(?![.\d])|\shidden(?=[\s>=/]))[^>]{0,400}>/gi;

/** Document ranges hidden by `<details>` or a hiding element, from the opening tag to its close. */
function hiddenRanges(text: string): Array<{ start: number; end: number; where: string }> {
  const ranges: Array<{ start: number; end: number; where: string }> = [];
  for (const m of text.matchAll(/<details\b/gi)) {
    const close = text.indexOf("</details", m.index);
    ranges.push({ start: m.index, end: close < 0 ? text.length : close, where: " in a <details> block" });
  }
  for (const m of text.matchAll(HIDING_ELEMENT)) {
    const close = text.toLowerCase().indexOf(`</${(m[1] as string).toLowerCase()}`, m.index);
    ranges.push({ start: m.index, end: close < 0 ? text.length : close, where: " in a hidden HTML element" });
  }
  return ranges;
}

function whereHidden(run: TextRun, ranges: ReturnType<typeof hiddenRanges>): string | undefined {
  if (run.kind === "comment") return " in an HTML comment";
  if (run.kind === "definition") return " in a link reference definition";
  const range = ranges.find((r) => run.offset >= r.start && run.offset < r.end);
  if (range) return range.where;
  if (run.kind === "html") {
    HIDING_ELEMENT.lastIndex = 0;
    if (HIDING_ELEMENT.test(run.raw)) return " in a hidden HTML element";
  }
  return undefined;
}

function codePointName(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}

function checkInvisible(document: HandoffDocument, context: RuleContext): void {
  const text = document.text;
  let reported = 0;
  let skipped = 0;
  let clusterStart = -1;
  let clusterEnd = -1;
  const names = new Set<string>();
  let clusterCount = 0;
  let severity: "error" | "warning" = "warning";
  const flush = (): void => {
    if (clusterStart < 0) return;
    if (reported < MAX_FINDINGS) {
      context.report({
        messageId: severity === "error" ? "bidi" : "invisible",
        data: { chars: [...names].join(", "), count: clusterCount },
        offset: clusterStart,
        endOffset: clusterEnd,
        severity,
      });
      reported++;
    } else skipped++;
    clusterStart = -1;
    clusterCount = 0;
    names.clear();
    severity = "warning";
  };
  INVISIBLE.lastIndex = 0;
  for (const m of text.matchAll(INVISIBLE)) {
    const ch = m[0];
    const cp = ch.codePointAt(0) as number;
    const tag = cp >= 0xe0000;
    if (cp === 0x200d || cp === 0x200c) {
      const before = text.slice(Math.max(0, m.index - 2), m.index);
      const after = text.slice(m.index + 1, m.index + 3);
      if (PICTOGRAPH.test(before) || PICTOGRAPH.test(after) || JOINING_SCRIPT.test(before) || JOINING_SCRIPT.test(after)) continue;
    }
    if (tag && FLAG_TAGS.test(text.slice(Math.max(0, m.index - 80), m.index))) continue;
    if (cp === 0xfeff && m.index === 0) continue;
    if (clusterStart >= 0 && m.index !== clusterEnd) flush();
    if (clusterStart < 0) clusterStart = m.index;
    clusterEnd = m.index + ch.length;
    clusterCount++;
    if (names.size < 8) names.add(tag ? "tag characters" : codePointName(cp));
    if (tag || BIDI.test(ch)) severity = "error";
  }
  flush();
  if (skipped > 0) context.report({ messageId: "more", data: { count: skipped }, offset: 0, endOffset: 0, severity: "warning" });
}

/** Words of the raw text that mix Latin letters with look-alikes from another script. */
function checkMixedScript(document: HandoffDocument, context: RuleContext): void {
  let reported = 0;
  let skipped = 0;
  for (const m of document.text.matchAll(WORD)) {
    const word = m[0];
    if (!LATIN.test(word)) continue;
    const others = word.match(OTHER_SCRIPT);
    if (!others || !others.some((c) => latinLookAlike(c) !== undefined)) continue;
    if (reported >= MAX_FINDINGS) {
      skipped++;
      continue;
    }
    reported++;
    context.report({ messageId: "mixed", data: { word: excerpt(word) }, offset: m.index, endOffset: m.index + word.length, severity: "warning" });
  }
  if (skipped > 0) context.report({ messageId: "moreMixed", data: { count: skipped }, offset: 0, endOffset: 0, severity: "warning" });
}

/** The `injection-hidden-content` rule; see `rules/injection-hidden-content.md`. */
export const injectionHiddenContent: Rule = {
  meta: {
    id: "injection-hidden-content",
    code: "HK037",
    description: "No invisible characters, mixed-script look-alike words, or instructions hidden from the rendered view.",
    defaultSeverity: "error",
    profiles: "all",
    formats: ["markdown", "json"],
    tags: ["injection", "security"],
    precision: "high",
    messages: {
      bidi: "Invisible bidi-control or tag characters ({{chars}}; {{count}}): what is read differs from what is shown",
      invisible: "Invisible zero-width characters ({{chars}}; {{count}})",
      more: "{{count}} more clusters of invisible characters not listed",
      moreMixed: "{{count}} more mixed-script words not listed",
      mixed: "Word mixes Latin with look-alike letters of another script: '{{word}}'",
      imperative: "Instruction hidden from the rendered view{{where}}: '{{text}}'",
    },
  },
  check(document, context) {
    checkInvisible(document, context);
    checkMixedScript(document, context);
    const runs = textRuns(document);
    const ranges = document.format === "markdown" ? hiddenRanges(document.text) : [];
    for (const run of runs) {
      const where = whereHidden(run, ranges);
      if (where === undefined) continue;
      for (const hit of patternHits(run.normalized.text, HIDDEN_IMPERATIVE)) reportHit(context, run.normalized, hit, { where });
    }
  },
};
