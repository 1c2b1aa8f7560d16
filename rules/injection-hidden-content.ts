/**
 * injection-hidden-content: text a reader of the rendered handoff does not see but an agent reading
 * the source does:
 * - invisible characters in the raw text: bidi embeddings/overrides/isolates (Trojan Source,
 *   CVE-2021-42574), Unicode tag characters (ASCII smuggling), zero-width characters;
 * - mixed-script words: Latin letters mixed with Cyrillic/Greek/… look-alikes (`раypal`);
 * - instructions inside HTML comments, link reference definitions, alt and title text,
 *   `<details>` blocks and elements hidden by their style (`display:none`, zero size, white text)
 *   or the `hidden` attribute: the signal scorer's verdicts for hidden text that no more specific
 *   rule (override, role, extraction, fake delimiter) reports. Hidden text needs fewer signals
 *   than visible prose (`src/3-check/injection/scorer.ts`): a handoff has no reason to hide instructions.
 *
 * Legitimate uses are left alone: a zero-width joiner inside an emoji sequence, ZWJ/ZWNJ between
 * letters of scripts that need them (Arabic, Persian, Indic), tag characters of a subdivision flag
 * (🏴 + tags), and LRM/RLM marks.
 */
import type { HandoffDocument } from "../src/2-parse/document/model.js";
import type { RuleContext } from "../src/3-check/engine/rule.js";
import { excerpt } from "../src/3-check/injection/detector.js";
import { latinLookAlike } from "../src/3-check/injection/confusables.js";
import { defineInjectionRule } from "../src/3-check/injection/define-rule.js";

// eslint-disable-next-line no-misleading-character-class -- a class of single code points (variation selectors among them), each matched on its own
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060-\u2064\u180E\u202A-\u202E\u2066-\u2069\uFEFF\uFE00-\uFE0F\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/gu;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/u;
/** Tag characters of a subdivision flag (Unicode UTS #51 §1.4.5): 🏴, 3–6 tag letters or digits (`gbsct`), CANCEL TAG. */
const MIN_FLAG_TAGS = 3;
const MAX_FLAG_TAGS = 6;

/** Whether `cp` is a tag lower-case letter or digit (U+E0061–E007A, U+E0030–E0039). */
function isFlagSpecTag(cp: number | undefined): boolean {
  return cp !== undefined && ((cp >= 0xe0061 && cp <= 0xe007a) || (cp >= 0xe0030 && cp <= 0xe0039));
}

/**
 * Whether the tag character at `index` belongs to a well-formed subdivision flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿): only then
 * is it part of what is shown. Any other tag character, and a "flag" with more tags, hides text
 * (ASCII smuggling).
 */
function inSubdivisionFlag(text: string, index: number): boolean {
  let start = index;
  let tags = 0;
  while (start >= 2 && isFlagSpecTag(text.codePointAt(start - 2)) && tags <= MAX_FLAG_TAGS) {
    start -= 2;
    tags++;
  }
  if (start < 2 || text.codePointAt(start - 2) !== 0x1f3f4) return false;
  let at = start;
  let spec = 0;
  while (isFlagSpecTag(text.codePointAt(at)) && spec <= MAX_FLAG_TAGS) {
    at += 2;
    spec++;
  }
  return spec >= MIN_FLAG_TAGS && spec <= MAX_FLAG_TAGS && text.codePointAt(at) === 0xe007f && index <= at;
}

/** Whether `cp` is a variation selector (VS1–VS16, VS17–VS256). */
function isVariationSelector(cp: number | undefined): boolean {
  return cp !== undefined && ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef));
}
// eslint-disable-next-line no-misleading-character-class -- a class of single code points (variation selectors, modifiers, marks), each matched on its own
const PICTOGRAPH = /[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\uFE0F]/u;
const JOINING_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Myanmar}\p{Script=Khmer}\p{Script=Mongolian}\p{Script=Thai}\p{Script=Tibetan}]/u;
/** Most invisible-character (and mixed-script) findings per document; the rest are summed up in one more finding. */
const MAX_FINDINGS = 20;

const WORD = /[\p{L}\p{M}]{2,}/gu;
const LATIN = /\p{Script=Latin}/u;
const OTHER_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}\p{Script=Coptic}\p{Script=Georgian}]/gu;

/** The code point that ends right before `index` (a surrogate pair read whole). */
function previousCodePoint(text: string, index: number): number | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) return text.codePointAt(index - 2);
  return low;
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
    const selector = isVariationSelector(cp);
    // One variation selector picks how the character before it is drawn (❤️); a run of them draws
    // nothing and can carry a hidden message, one byte per selector.
    if (selector && !isVariationSelector(text.codePointAt(m.index + ch.length)) && !isVariationSelector(previousCodePoint(text, m.index))) continue;
    if (tag && cp !== 0xe007f && inSubdivisionFlag(text, m.index)) continue;
    if (cp === 0xe007f && inSubdivisionFlag(text, m.index - 2)) continue;
    if (cp === 0xfeff && m.index === 0) continue;
    if (clusterStart >= 0 && m.index !== clusterEnd) flush();
    if (clusterStart < 0) clusterStart = m.index;
    clusterEnd = m.index + ch.length;
    clusterCount++;
    if (names.size < 8) names.add(tag ? "tag characters" : selector ? "variation selectors" : codePointName(cp));
    if (tag || selector || BIDI.test(ch)) severity = "error";
  }
  flush();
  if (skipped > 0) context.report({ messageId: "more", data: { count: skipped }, offset: 0, endOffset: 0, severity: "warning" });
}

/** Words of the raw text that mix Latin letters with look-alikes from another script. */
function checkMixedScript(document: HandoffDocument, context: RuleContext): void {
  // A text without such a letter has no mixed-script word (`search` ignores the g flag's lastIndex).
  if (document.text.search(OTHER_SCRIPT) === -1) return;
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
export const injectionHiddenContent = defineInjectionRule({
  id: "injection-hidden-content",
  code: "HK037",
  description: "No invisible characters, mixed-script look-alike words, or instructions hidden from the rendered view.",
  defaultSeverity: "error",
  precision: "high",
  families: ["hidden"],
  messages: {
    bidi: "Invisible bidi-control, tag or variation-selector characters ({{chars}}; {{count}}): what is read differs from what is shown",
    invisible: "Invisible zero-width characters ({{chars}}; {{count}})",
    more: "{{count}} more clusters of invisible characters not listed",
    moreMixed: "{{count}} more mixed-script words not listed",
    mixed: "Word mixes Latin with look-alike letters of another script: '{{word}}'",
    imperative: "Instruction hidden from the rendered view{{where}} ({{signals}}): '{{text}}'",
  },
  check(document, context) {
    checkInvisible(document, context);
    checkMixedScript(document, context);
  },
});
