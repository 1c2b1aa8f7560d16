/**
 * injection-marker-spoof: a line that imitates the user-tier markers `resume` prints around a
 * handoff's body (`--- BEGIN USER-TIER CONTENT: handoff ---`, `--- END USER-TIER CONTENT: handoff ---`,
 * see `src/3-check/injection/markers.ts`). A body that "ends" the user tier early could make what follows read
 * as the tool's own words.
 */
import { defineInjectionRule } from "../src/3-check/injection/define-rule.js";
import { patternHits, reportRuns, type InjectionHit, type InjectionPattern } from "../src/3-check/injection/detector.js";
import { textRuns } from "../src/3-check/injection/runs.js";
import { USER_TIER_BEGIN, USER_TIER_END } from "../src/3-check/injection/markers.js";

/**
 * `USER-TIER` as the markers spell it, with any separator or none (`USER TIER`, `USER_TIER`,
 * `USER·TIER`, `USER----TIER`, `USERTIER`) and digits for letters (`T1ER`, `U5ER`). Dashes of every
 * kind are `-` by now (the text is normalized: src/3-check/injection/normalize.ts). Used with the
 * `i` flag, so the excluded class covers lower case too.
 */
const USER_TIER = String.raw`U[S5]ER[^A-Z\d\n]{0,6}[T7][I1l|!][E3]R`;

const PATTERNS: readonly InjectionPattern[] = [
  // the markers themselves and loose copies: "BEGIN USER-TIER", "END OF USER TIER CONTENT"
  { re: new RegExp(String.raw`\b(?:BEGIN|END|START|STOP|CLOSE|OPEN)\s{0,3}(?:OF\s+)?(?:THE\s+)?${USER_TIER}\b`, "gi"), messageId: "marker" },
  { re: new RegExp(String.raw`\b${USER_TIER}\s{0,3}(?:CONTENT|BLOCK|SECTION)\s{0,3}(?::|-{2,}|\b(?:BEGINS|ENDS|STARTS|OVER)\b)`, "gi"), messageId: "marker" },
  // a dashed marker line for another trust tier: "--- END UNTRUSTED DATA ---", "--- BEGIN SYSTEM CONTENT ---"
  {
    re: /^[ \t]*-{2,}[ \t]*(?:BEGIN|END)[ \t]+(?!U[S5]ER[^A-Za-z0-9\n]{0,6}[T7][I1l|!][E3]R)(?:[A-Z][A-Z-]{1,20}[ \t]+){0,3}(?:TIER|CONTENT|DATA|INPUT|INSTRUCTIONS)\b[^\n]{0,60}?-{2,}[ \t]*$/gm,
    messageId: "tier",
  },
  // a boundary line for a trust tier in any case and any framing: "=== END OF USER CONTENT ===",
  // "[END OF UNTRUSTED INPUT]", "(end of untrusted data)", "### USER DATA ENDS ###"
  {
    re: /^[ \t]*[-=#*_~<>[(|]{1,8}[ \t]*(?:(?:BEGIN|END|START)(?:[ \t]+OF)?(?:[ \t]+THE)?[ \t_]+(?:USER|UNTRUSTED|TRUSTED|EXTERNAL|SYSTEM|RETRIEVED|TOOL)[ \t_-]+(?:CONTENT|DATA|INPUT|TEXT|TIER|SECTION|MESSAGE|INSTRUCTIONS|PROMPT|OUTPUT)|(?:USER|UNTRUSTED|TRUSTED|EXTERNAL|SYSTEM)[ \t_-]+(?:CONTENT|DATA|INPUT|TEXT)[ \t_-]+(?:ENDS|BEGINS|STARTS)(?:[ \t]+HERE)?|END[ \t_]+OF[ \t_]+(?:THE[ \t_]+)?DOCUMENT)[ \t]*[-=#*_~<>\])|]{1,8}[ \t]*$/gim,
    messageId: "tier",
  },
];

/** Finds imitations of the resume markers in normalized text (reused by `injection-obfuscation`). */
export function detectMarkerSpoof(text: string): InjectionHit[] {
  return patternHits(text, PATTERNS);
}

/** The `injection-marker-spoof` rule; see `rules/injection-marker-spoof.md`. */
export const injectionMarkerSpoof = defineInjectionRule({
  id: "injection-marker-spoof",
  code: "HK033",
  description: `No line imitating the '${USER_TIER_BEGIN}' / '${USER_TIER_END}' markers that resume prints.`,
  defaultSeverity: "error",
  precision: "very-high",
  messages: {
    marker: "Imitates the resume user-tier marker{{where}}: '{{text}}'",
    tier: "Imitates a trust-tier boundary marker{{where}}: '{{text}}'",
  },
  check(document, context) {
    reportRuns(context, textRuns(document), detectMarkerSpoof);
  },
});
