/**
 * injection-override: text telling the reader to ignore, disregard, forget or bypass the
 * instructions, rules or context it was given before — the classic prompt-injection opener — and
 * hatch3r's P-LEARN-03 "override/replace/ignore an agent, rule or skill".
 *
 * Handoffs are full of imperatives for the next agent ("Do NOT push to main", "ignore the flaky
 * test"); what sets an override apart is its *object*: the reader's own earlier instructions,
 * prompt or guardrails. Every pattern needs such an object, so ordinary prose stays quiet.
 */
import type { Rule } from "../src/engine/rule.js";
import { patternHits, reportRuns, type InjectionHit, type InjectionPattern } from "../src/injection/detector.js";
import { textRuns } from "../src/injection/runs.js";

const VERB = String.raw`(?:ignore|disregard|forget|bypass|override|overrule|discard|abandon|set\s+aside|throw\s+out|(?:do\s+not|don't|never)\s+(?:follow|obey|listen\s+to)|stop\s+following|no\s+longer\s+follow)`;
const QUANT = String.raw`(?:all|any|every|each|the|your|my|these|those|of|its|their|our|such|whatever)`;
const BEFORE = String.raw`(?:previous|previously\s+given|prior|preceding|above|earlier|foregoing|former|original|initial|system|pre-?existing)`;
const OBJECT = String.raw`(?:instructions?|rules?|directives?|prompts?|context|guidelines?|guidance|guardrails?|constraints?|polic(?:y|ies)|programming|commands?|orders?|restrictions?|safeguards?|directions?|requirements?)`;

const PATTERNS: readonly InjectionPattern[] = [
  // "ignore all previous instructions", "disregard the above rules", "forget your original prompt"
  { re: new RegExp(String.raw`\b${VERB}\s+(?:${QUANT}\s+){0,3}${BEFORE}(?:\s+(?:and|or|&)\s+${BEFORE})?\s+${OBJECT}\b`, "gi"), messageId: "override" },
  // "ignore all instructions", "disregard any rules"
  {
    re: /\b(?:ignore|disregard|forget)\s+(?:all|any|every)\s+(?:of\s+)?(?:the\s+|your\s+)?(?:instructions|rules|directives|guidelines|prompts|constraints)\b/gi,
    messageId: "override",
  },
  // "ignore your instructions", "forget your programming"
  {
    re: /\b(?:ignore|disregard|forget|bypass)\s+(?:all\s+)?your\s+(?:instructions|rules|directives|guidelines|guardrails|system\s+prompt|prompt|programming|training|restrictions|constraints|safeguards)\b/gi,
    messageId: "override",
  },
  // "ignore everything above", "disregard what you were told"
  {
    re: /\b(?:ignore|disregard|forget)\s+(?:everything|anything|all|what(?:ever)?)\s+(?:(?:that\s+)?(?:was\s+)?(?:said|written|stated|mentioned)\s+)?(?:above|before|prior|previously|earlier|you\s+(?:were|have\s+been)\s+(?:told|instructed|given))\b/gi,
    messageId: "override",
  },
  // "this supersedes all previous instructions"
  {
    re: new RegExp(String.raw`\b(?:supersedes?|overrides?|takes?\s+precedence\s+over|replaces?)\s+(?:all\s+|any\s+|the\s+|your\s+){0,2}${BEFORE}\s+${OBJECT}\b`, "gi"),
    messageId: "override",
  },
  // "disregard the above and …", "ignore everything preceding": the classic, with no object
  { re: /\b(?:ignore|disregard|forget)\s+(?:(?:all\s+of\s+)?the|everything|all)\s+(?:above|preceding|foregoing)(?=\s+(?:and|&|then)\b|\s*[.,;:!]|\s*$)/gim, messageId: "override" },
  // "do not tell the user about this", "never inform the operator": hiding work from the human
  {
    re: /\b(?:do\s+not|don't|never|without)\s+(?:tell(?:ing)?|inform(?:ing)?|notify(?:ing)?|alert(?:ing)?|mention(?:ing)?\s+(?:it\s+|this\s+)?to)\s+(?:the\s+)?(?:user|operator|human|owner|reviewer)s?\b/gi,
    messageId: "conceal",
  },
  // "bypass the guardrails", "disable your safety guidelines"
  {
    re: /\b(?:bypass|circumvent|disable|evade|turn\s+off)\s+(?:(?:all|any|the|your|of)\s+){0,2}(?:guardrails|safeguards|content\s+(?:filters?|polic(?:y|ies))|ethical\s+guidelines|safety\s+(?:guidelines|filters|policies|rules|training|checks|measures|protocols))\b/gi,
    messageId: "override",
  },
  // hatch3r P-LEARN-03: "override agent …", "replace skill …", "ignore rule …"
  { re: /\b(?:override|replace|ignore)\s+(?:agent|rule|skill)\s+[^\s,;.]{1,40}/gi, messageId: "hatch3r", severity: "warning" },
];

/** Finds override hits in normalised text (reused by `injection-obfuscation`). */
export function detectOverride(text: string): InjectionHit[] {
  return patternHits(text, PATTERNS);
}

/** The `injection-override` rule; see `rules/injection-override.md`. */
export const injectionOverride: Rule = {
  meta: {
    id: "injection-override",
    code: "HK030",
    description: "No text telling the reader to ignore, forget or bypass its earlier instructions, rules or context.",
    defaultSeverity: "error",
    profiles: "all",
    formats: ["markdown", "json"],
    tags: ["injection", "security"],
    precision: "high",
    messages: {
      override: "Instruction override{{where}}: '{{text}}'",
      hatch3r: "Text overrides an agent, rule or skill{{where}} (hatch3r P-LEARN-03): '{{text}}'",
      conceal: "Asks the reader to hide what it does from the user{{where}}: '{{text}}'",
    },
  },
  check(document, context) {
    reportRuns(context, textRuns(document), detectOverride);
  },
};
