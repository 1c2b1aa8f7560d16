/**
 * unknown-suppression: a `handoff-disable…`/`handoff-enable` comment names a rule that does not
 * exist, so it silences nothing (a typo would otherwise hide nothing and say nothing).
 */
import type { Rule } from "../src/3-check/engine/rule.js";
import { isKnownRuleName, suppressionDirectives } from "../src/3-check/engine/suppress.js";

export const unknownSuppression: Rule = {
  meta: {
    id: "unknown-suppression",
    code: "HK040",
    description: "Inline suppression comments name rules that exist.",
    defaultSeverity: "error",
    profiles: "all",
    formats: ["markdown"],
    tags: ["suppression"],
    messages: {
      unknown: "Unknown rule '{{name}}' in a handoff-{{kind}} comment",
    },
  },
  check(document, context) {
    for (const directive of suppressionDirectives(document)) {
      for (const name of directive.names) {
        if (isKnownRuleName(name.name, context.ruleNames)) continue;
        context.report({ messageId: "unknown", data: { name: name.name, kind: directive.kind }, offset: name.offset, endOffset: name.endOffset });
      }
    }
  },
};
