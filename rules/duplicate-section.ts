/**
 * duplicate-section: the same heading twice under the same parent — the second copy splits what
 * a reader expects in one place (which "Next steps" is current?).
 */
import type { Section } from "../src/document/sections.js";
import type { Rule } from "../src/engine/rule.js";

export const duplicateSection: Rule = {
  meta: {
    id: "duplicate-section",
    code: "HK006",
    description: "No two sections with the same heading under the same parent section.",
    defaultSeverity: "warning",
    profiles: "all",
    formats: ["markdown"],
    tags: ["sections"],
    messages: { duplicate: "Duplicate section '{{section}}' (first on line {{line}})" },
  },
  check(document, context) {
    const seen = new Map<string, Section>();
    const stack: Section[] = [];
    for (const section of document.sections) {
      while (stack.length > 0 && (stack[stack.length - 1] as Section).depth >= section.depth) stack.pop();
      const parent = stack[stack.length - 1];
      stack.push(section);
      if (!section.normalized) continue;
      const key = `${parent ? parent.index : -1}\u0000${section.depth}\u0000${section.normalized}`;
      const first = seen.get(key);
      if (first) {
        context.report({
          messageId: "duplicate",
          data: { section: section.title, line: first.headingRange.start.line },
          range: section.headingRange,
        });
      } else {
        seen.set(key, section);
      }
    }
  },
};
