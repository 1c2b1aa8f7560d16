/**
 * required-sections: every section the profile requires is present, at the profile's heading
 * level, and not empty. (The next action's emptiness is the `next-action` rule's.)
 */
import { restRendersAsCode } from "../src/2-parse/document/fences.js";
import { isSectionEmpty } from "../src/2-parse/document/sections.js";
import type { Rule } from "../src/3-check/engine/rule.js";
import { findSection, sectionsApply, standInFor } from "../src/2-parse/profiles/profile.js";

export const requiredSections: Rule = {
  meta: {
    id: "required-sections",
    code: "HK005",
    description: "Sections the profile requires are present, at the right heading level, and not empty.",
    defaultSeverity: "error",
    profiles: "all",
    formats: ["markdown"],
    tags: ["sections"],
    messages: {
      missing: "Missing required section '{{section}}' ({{profile}} profile)",
      misnamed: "Section '{{found}}' stands for the required '{{section}}' ({{profile}} profile): use the profile's heading",
      empty: "Required section '{{section}}' is empty",
      depth: "Section '{{section}}' should be a level-{{expected}} heading, not level {{actual}}",
    },
  },
  check(document, context) {
    const { profile } = context;
    if (!sectionsApply(profile, document)) return;
    const bodyLine = document.lines.point(document.bodyOffset).line;
    // An unclosed fence turns the rest into code (unclosed-fence reports it): a section it may have
    // swallowed is not reported missing on top.
    const swallowed = restRendersAsCode(document.mdast, document.text);
    for (const spec of profile.sections) {
      if (!spec.required) continue;
      const section = findSection(document.sections, spec);
      if (!section) {
        // A section whose heading plays the spec's role is there under another title: saying the
        // section is missing would contradict `stats` and the other rules, which read roles.
        const stand = standInFor(document.sections, spec, profile);
        if (stand) context.report({ messageId: "misnamed", data: { found: stand.title, section: spec.title, profile: profile.id }, range: stand.headingRange });
        else if (!swallowed) context.report({ messageId: "missing", data: { section: spec.title, profile: profile.id }, line: bodyLine, column: 1 });
        continue;
      }
      if (profile.sectionDepth !== undefined && section.depth !== profile.sectionDepth) {
        context.report({
          messageId: "depth",
          data: { section: section.title, expected: profile.sectionDepth, actual: section.depth },
          range: section.headingRange,
          severity: "warning",
        });
      }
      if (spec.role !== "next-action" && isSectionEmpty(section, document.markdownSkipped)) {
        context.report({ messageId: "empty", data: { section: section.title }, range: section.headingRange });
      }
    }
  },
};
