/**
 * required-sections: every section the profile requires is present, at the profile's heading
 * level, and not empty. (The next action's emptiness is the `next-action` rule's.)
 */
import { restRendersAsCode } from "../src/2-parse/document/fences.js";
import { isSectionEmpty } from "../src/2-parse/document/sections.js";
import type { HandoffDocument } from "../src/2-parse/document/model.js";
import type { Rule, TextEdit } from "../src/3-check/engine/rule.js";
import { findSection, sectionsApply, standInFor, type Profile, type SectionSpec } from "../src/2-parse/profiles/profile.js";

/**
 * The fix of a missing section: its heading (at the profile's level, else 2) and "Not recorded
 * yet." inserted before the first section the profile orders after it, else at the end, so the
 * added sections keep the profile's order.
 */
function skeleton(document: HandoffDocument, profile: Profile, spec: SectionSpec): TextEdit {
  const { text } = document;
  const eol = /\r\n|\r|\n/.exec(text)?.[0] ?? "\n";
  const block = `${"#".repeat(profile.sectionDepth ?? 2)} ${spec.title}${eol}${eol}Not recorded yet.${eol}`;
  const later = profile.sections.slice(profile.sections.indexOf(spec) + 1);
  const before = later.map((other) => findSection(document.sections, other)).find((section) => section !== undefined);
  if (before) {
    const at = before.headingRange.start.offset;
    return { range: [at, at], text: `${block}${eol}` };
  }
  const ends = /(?:\r\n|\r|\n)$/.test(text);
  const blank = /(?:\r\n|\r|\n)(?:\r\n|\r|\n)$/.test(text) || text === "";
  return { range: [text.length, text.length], text: `${ends ? "" : eol}${blank ? "" : eol}${block}` };
}

export const requiredSections: Rule = {
  meta: {
    id: "required-sections",
    code: "HK005",
    description: "Sections the profile requires are present, at the right heading level, and not empty.",
    defaultSeverity: "error",
    profiles: "all",
    profileGap: true,
    formats: ["markdown"],
    tags: ["sections"],
    fixable: "layout",
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
        else if (!swallowed)
          context.report({
            messageId: "missing",
            data: { section: spec.title, profile: profile.id },
            line: bodyLine,
            column: 1,
            fix: skeleton(document, profile, spec),
          });
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
