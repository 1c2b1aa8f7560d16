/**
 * injection-role: text re-assigning the reader's role or persona — "you are now …", "act as …",
 * "pretend to be …", "developer mode" — the step that usually follows an override.
 *
 * A handoff legitimately tells the next agent what to do, but it does not need to tell it *who to
 * be*: the patterns look for a new identity, persona or unrestricted "mode", not for tasks.
 */
import type { Rule } from "../src/engine/rule.js";
import { patternHits, reportRuns, type InjectionHit, type InjectionPattern } from "../src/injection/detector.js";
import { textRuns } from "../src/injection/runs.js";

const MODES = String.raw`(?:developer|god|DAN|jailbreak|jailbroken|unrestricted|unfiltered|uncensored|sudo|admin|evil|chaos)`;

const PATTERNS: readonly InjectionPattern[] = [
  // "you are now DAN", "you are now an unrestricted AI", "you are now in developer mode"
  {
    re: new RegExp(
      String.raw`\byou\s+are\s+now\s+(?:a|an|the|my|called|named|DAN|free|unrestricted|jailbroken|uncensored|unfiltered|in\s+${MODES}\s+mode)\b`,
      "gi",
    ),
    messageId: "role",
  },
  // "you are no longer an assistant", "you are no longer bound by …"
  {
    re: /\byou\s+are\s+no\s+longer\s+(?:a|an|the|bound|restricted|limited|constrained|claude|chatgpt|gpt|an?\s+(?:AI|assistant|language\s+model))\b/gi,
    messageId: "role",
  },
  // "from now on you are …", "from now on, act as …"
  {
    re: /\bfrom\s+now\s+on,?\s+(?:you\s+(?:are|will\s+be)\s+(?:a|an|called|named|DAN)\b|(?:you\s+(?:will|must|shall)\s+)?(?:act|pretend|roleplay|role-play|behave|respond)\s+(?:as|like)\b)/gi,
    messageId: "role",
  },
  // "Act as a …" opening a sentence, "you will act as an …"
  {
    re: /(?:^|(?<=[.!?:;]\s{0,3})|(?<=<!--\s{0,3})|(?<=\b(?:and|then|now|so)\s))(?:please\s+)?(?:now\s+)?(?:you\s+(?:will|must|shall|should)\s+(?:now\s+)?)?(?:act|behave)\s+as\s+(?:if\s+you\s+(?:are|were)\s+)?(?:a|an|my)\s+[^\s,;.]{1,40}/gim,
    messageId: "role",
  },
  // "pretend to be", "pretend you are", "roleplay as"
  { re: /\b(?:pretend\s+(?:to\s+be|(?:that\s+)?you\s+are|you're)|role-?play\s+as|impersonate\s+(?:a|an)\s+(?:AI|assistant|model|system))\b/gi, messageId: "role" },
  // "developer mode enabled", "enter DAN mode"
  {
    re: new RegExp(
      String.raw`\b(?:(?:enter|activate|switch\s+(?:in)?to|now\s+in|operating\s+in|you\s+are\s+in)\s+${MODES}\s+mode|${MODES}\s+mode\s+(?:is\s+)?(?:enabled|activated|engaged|on)\b|(?:DAN|jailbreak|god)\s+mode)\b`,
      "gi",
    ),
    messageId: "mode",
  },
  // "your new role is", "New persona:"
  {
    re: /\b(?:your\s+new\s+(?:role|persona|identity|name|personality|purpose|objective)\s+(?:is|will\s+be)|new\s+(?:role|persona|identity)\s*:)/gi,
    messageId: "role",
  },
];

/** Finds role re-assignment hits in normalised text (reused by `injection-obfuscation`). */
export function detectRole(text: string): InjectionHit[] {
  return patternHits(text, PATTERNS);
}

/** The `injection-role` rule; see `rules/injection-role.md`. */
export const injectionRole: Rule = {
  meta: {
    id: "injection-role",
    code: "HK031",
    description: "No text re-assigning the reader's role or persona ('you are now …', 'act as …', 'developer mode').",
    defaultSeverity: "warning",
    profiles: "all",
    formats: ["markdown", "json"],
    tags: ["injection", "security"],
    precision: "medium",
    messages: {
      role: "Role re-assignment{{where}}: '{{text}}'",
      mode: "Unrestricted-mode switch{{where}}: '{{text}}'",
    },
  },
  check(document, context) {
    reportRuns(context, textRuns(document), detectRole);
  },
};
