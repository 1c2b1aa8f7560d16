/**
 * next-action: the handoff says what to do next. The whole point of a handoff is that the next
 * session can start without re-asking.
 */
import { isSectionEmpty } from "../src/document/sections.js";
import type { Rule } from "../src/engine/rule.js";
import { sectionsApply } from "../src/profiles/profile.js";

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
      missing: "No next-action section: say what the next session should do first (e.g. '## Next steps')",
      empty: "The next-action section '{{section}}' is empty",
    },
  },
  check(document, context) {
    const { profile } = context;
    if (!sectionsApply(profile, document)) return;
    const formal = profile.sections.some((spec) => spec.role === "next-action" && spec.required);
    let sections = document.sections.filter((s) => s.role === "next-action");
    // Loose (generic) handoffs often list what is left instead ("TODO", "Remaining work"): that
    // says what to do next too. Formal profiles name their section and get no such leeway.
    if (sections.length === 0 && !formal) sections = document.sections.filter((s) => s.role === "remaining");
    if (sections.length === 0) {
      // Formal profiles: required-sections names the missing section in the profile's words.
      if (!formal) {
        context.report({
          messageId: "missing",
          line: document.lines.point(document.bodyOffset).line,
          column: 1,
          severity: "warning",
        });
      }
      return;
    }
    if (sections.every((s) => isSectionEmpty(s))) {
      const first = sections[0];
      if (first) {
        context.report({
          messageId: "empty",
          data: { section: first.title },
          range: first.headingRange,
          severity: formal ? "error" : "warning",
        });
      }
    }
  },
};
