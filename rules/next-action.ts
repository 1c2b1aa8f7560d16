/**
 * next-action: the handoff says what to do next. The whole point of a handoff is that the next
 * session can start without re-asking.
 */
import { isSectionEmpty } from "../src/2-parse/document/sections.js";
import type { Rule } from "../src/3-check/engine/rule.js";
import { findNextAction } from "../src/3-check/heuristics/next-action.js";

/** How the message names what a body-read next step rests on. */
const BASIS_TEXT = {
  "ordered-instructions": "its ordered list of instructions",
  "summary-lead-in": "a line that leads in a next step",
} as const;

export const nextAction: Rule = {
  meta: {
    id: "next-action",
    code: "HK008",
    description: "A next-action section (Next action, Next steps, …) is present and not empty.",
    defaultSeverity: "error",
    profiles: "all",
    formats: ["markdown"],
    tags: ["sections"],
    messages: {
      missing: "No next-action section, though work is pending ({{pending}}): say what the next session should do first (e.g. '## Next steps')",
      empty: "The next-action section '{{section}}' is empty",
      inferred: "No heading names the next step; taking '{{section}}' as it from {{basis}} (lower confidence): name it, e.g. '## Next steps'",
    },
  },
  check(document, context) {
    const answer = findNextAction(document, context.profile);
    switch (answer.kind) {
      case "not-applicable":
      case "nothing-pending":
      case "label":
      case "tasks":
        return;
      case "missing":
        // Formal profiles: required-sections names the missing section in the profile's words.
        if (!answer.formal) {
          const pending = answer.pending.slice(0, 2).map((sign) => sign.text);
          if (answer.pending.length > 2) pending.push(`${answer.pending.length - 2} more`);
          context.report({
            messageId: "missing",
            data: { pending: pending.join("; ") },
            line: document.lines.point(document.bodyOffset).line,
            column: 1,
            severity: "warning",
          });
        }
        return;
      case "inferred":
        context.report({
          messageId: "inferred",
          data: { section: answer.section.title, basis: BASIS_TEXT[answer.basis] },
          range: answer.section.headingRange,
          severity: "info",
        });
        return;
      default: {
        // Loose (generic) handoffs often list what is left instead ("TODO", "Remaining work"): that
        // says what to do next too.
        if (!answer.sections.every((s) => isSectionEmpty(s, document.markdownSkipped))) return;
        const first = answer.sections[0];
        const formal = answer.kind === "heading" && answer.formal;
        if (first) context.report({ messageId: "empty", data: { section: first.title }, range: first.headingRange, severity: formal ? "error" : "warning" });
      }
    }
  },
};
