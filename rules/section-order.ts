/**
 * section-order: for profiles with a fixed order (contract), the known sections appear in it.
 */
import type { Rule } from "../src/3-check/engine/rule.js";
import { sectionMatches, sectionsApply } from "../src/2-parse/profiles/profile.js";

export const sectionOrder: Rule = {
  meta: {
    id: "section-order",
    code: "HK010",
    description: "Known sections appear in the order the profile defines (contract).",
    defaultSeverity: "warning",
    profiles: "all",
    profileGap: true,
    formats: ["markdown"],
    tags: ["sections"],
    messages: { order: "Section '{{section}}' should come before '{{previous}}' ({{profile}} order)" },
  },
  check(document, context) {
    const { profile } = context;
    if (!profile.ordered || !sectionsApply(profile, document)) return;
    let highest = -1;
    let highestTitle = "";
    for (const section of document.sections) {
      const rank = profile.sections.findIndex((spec) => sectionMatches(section, spec));
      if (rank === -1) continue;
      if (rank < highest) {
        context.report({
          messageId: "order",
          data: { section: section.title, previous: highestTitle, profile: profile.id },
          range: section.headingRange,
        });
      } else {
        highest = rank;
        highestTitle = section.title;
      }
    }
  },
};
