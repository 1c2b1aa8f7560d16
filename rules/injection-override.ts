/**
 * injection-override: text telling the reader to set aside the instructions, rules or context it
 * was given before — in any wording ("ignore all previous instructions", "the guidance you were
 * given no longer applies", "consider your earlier directives cancelled", "new priority,
 * outranking your system prompt") and in Spanish, German, French, Portuguese, Italian, Russian,
 * Chinese, Japanese and Korean — text asking it to hide its work from the user, hatch3r's
 * P-LEARN-03 "override/replace/ignore an agent, rule or skill", and other hostile directives in
 * plain view (a destructive, credential or exfiltration ask backed by claimed authority, an
 * address to the AI, or a second ask).
 *
 * Decisions come from the signal scorer (`src/3-check/injection/scorer.ts`): handoffs are full of
 * imperatives for the next agent ("Do NOT push to main", "ignore the flaky test", "delete the
 * stale tags"), and none of those holds a strong signal or two weaker ones.
 */
import { defineInjectionRule } from "../src/3-check/injection/define-rule.js";

/** The `injection-override` rule; see `rules/injection-override.md`. */
export const injectionOverride = defineInjectionRule({
  id: "injection-override",
  code: "HK030",
  description: "No text telling the reader to ignore its earlier instructions, to hide its work from the user, or to act on claimed authority.",
  defaultSeverity: "error",
  precision: "high",
  families: ["override", "directive"],
  messages: {
    override: "Instruction override{{where}}: '{{text}}'",
    hatch3r: "Text overrides an agent, rule or skill{{where}} (hatch3r P-LEARN-03): '{{text}}'",
    conceal: "Asks the reader to hide what it does from the user{{where}}: '{{text}}'",
    directive: "Hostile instruction to the reader{{where}} ({{signals}}): '{{text}}'",
  },
});
