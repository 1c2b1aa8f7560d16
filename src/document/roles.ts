/**
 * Section roles: what a heading is *for*, whatever its wording.
 *
 * Formal profiles name their sections exactly (see `../shared/formats.md`); real handoffs
 * (`corpus-public/`) use many wordings, numbering, emoji and other languages. A role lets rules and
 * stats ask "is there a next action?" without knowing the wording.
 */

/** The roles handoffkit recognises. */
export type SectionRole =
  | "goal"
  | "durable-context"
  | "session-state"
  | "verified-facts"
  | "hypotheses"
  | "decisions"
  | "completed"
  | "failed-attempts"
  | "limitations"
  | "files"
  | "remaining"
  | "constraints"
  | "mutable-state"
  | "next-action"
  | "blockers"
  | "open-questions"
  | "build-status"
  | "lessons";

/**
 * Heading text reduced for comparison: NFKC, lower case, typographic apostrophes as `'`, leading numbering ("1.", "2.3", "A)"),
 * emoji and punctuation at both ends and a trailing colon removed, `&` read as "and", `/` and
 * runs of white space folded to one space.
 */
export function normalizeHeading(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    // Typographic apostrophes (’ ‘ ʼ) read as ', so "What’s next" and "Don’t" match like their
    // ASCII spellings (editors and agents often write the curly form).
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/&/g, " and ")
    .replace(/[\s/]+/g, " ")
    .replace(/^(?:(?:step|phase|part|section)\s+)?(?:\d+(?:\.\d+)*|[a-z]|[ivx]+)[.):]\s+/u, "")
    .replace(/^\d+(?:\.\d+)+\s+/u, "")
    .replace(/^[^\p{L}\p{N}]+/u, "")
    .replace(/[^\p{L}\p{N})]+$/u, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Keyword patterns per role, tried in order against the normalised heading; the first match wins.
 * Patterns are anchored alternations without nested quantifiers (linear time).
 */
const ROLE_PATTERNS: ReadonlyArray<readonly [SectionRole, RegExp]> = [
  ["next-action", /\bnext (?:actions?|steps?|session|tasks?|up)\b|^next$|^next ?:|what'?s next|^start here|^where to (?:start|begin|pick (?:it |this )?up)|^what (?:the )?next (?:thread|session|agent|person|engineer|developer|lead)\b|^how to (?:resume|continue|pick (?:it |this )?up)|^resum(?:e|ing)\b|\bfirst (?:actions?|steps?|things)\b|^do this first|^(?:suggested|recommended|proposed) (?:actions?|next steps?)|^action items|nächste\S{0,3} \S{0,20}schritte|^immediate (?:actions?|steps?|next)|^to ?do next|次のステップ|次にやること|次のアクション|次回|下一步|后续|後續|다음 단계|다음 작업|próximos? pasos?|siguientes? pasos?|próximos? passos?|nächste schritte|следующие шаги|prochaines? étapes?|nästa steg/u],
  ["verified-facts", /^verified(?: facts)?$|^facts$|^confirmed(?: facts)?$|^known facts$|^what (?:we|i) know$|^evidence$/u],
  ["hypotheses", /^hypothes[ie]s\b|^assumptions$|^unverified|^suspicions?$|^theories$|^open hypotheses/u],
  ["decisions", /\bdecisions?\b|^key choices|^design choices|決定|决策|결정/u],
  ["completed", /^completed\b|^done$|^work done|^what (?:was|got|i|we) (?:done|did|shipped|built)|^what shipped|^accomplish|^progress$|^changes made|(?<!未)完了|已完成|(?<!미)완료/u],
  ["failed-attempts", /^failed attempts|^what didn'?t work|^dead ends|^attempts that failed/u],
  ["limitations", /limitations|^known issues|^gotchas$/u],
  ["files", /^(?:repos? )?(?:key |important |relevant |changed )?files\b|file manifest|^repos files paths|^paths$|ファイル構成|关键文件/u],
  ["remaining", /^unresolved work|^work remaining|^remaining|^pending|^todo|^to do$|^open (?:items|tasks|work)|^left to do|^what'?s left|\bfollow[- ]?ups?\b|未完了|待办|待修复|待完成|后续|後續|남은 작업|미완료|후속|återstår|aterstar|kvar att göra/u],
  ["constraints", /^constraints|^do not\b|^don'?t\b|^guardrails|^rules$|^hard rules/u],
  ["mutable-state", /^mutable state/u],
  ["blockers", /^blockers?\b|^blocked\b|^risks?\b(?! and open questions)/u],
  ["open-questions", /open questions|^questions$|risks and open questions/u],
  ["build-status", /build (?:and )?test status|^test status|^run verify|^how to verify|^verification$/u],
  ["lessons", /lessons/u],
  ["goal", /^goal|^objective|^problem$|^purpose|^mission|^task$|^summary of (?:the )?task/u],
  ["durable-context", /^durable context|^context$|^background$/u],
  ["session-state", /^session state|^current (?:state|status)|^status$|^state of (?:play|work)|^where (?:we|things) (?:are|stand)|現状|当前状态|현재 상태/u],
];

/** The role of a heading, or undefined when none is recognised. */
export function roleOfHeading(text: string): SectionRole | undefined {
  const normalized = normalizeHeading(text);
  if (!normalized) return undefined;
  for (const [role, pattern] of ROLE_PATTERNS) {
    if (pattern.test(normalized)) return role;
  }
  return undefined;
}
