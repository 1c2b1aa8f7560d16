/**
 * frontmatter-schema: the frontmatter (Markdown) or the JSON record (verified-delivery) matches the
 * profile's JSON Schema (`schemas/<profile>.schema.json`), validated with ajv; each violation is
 * reported at the YAML or JSON node it is about.
 */
import { frontmatterNodeOffsets } from "../src/2-parse/document/frontmatter.js";
import { recordNodeOffsets } from "../src/2-parse/document/json-record.js";
import type { Rule } from "../src/3-check/engine/rule.js";
import { validateWithSchema } from "../src/2-parse/profiles/schema.js";

export const frontmatterSchema: Rule = {
  meta: {
    id: "frontmatter-schema",
    code: "HK004",
    description: "Frontmatter fields (or the JSON record) match the profile's JSON Schema.",
    defaultSeverity: "error",
    profiles: "all",
    formats: ["markdown", "json"],
    tags: ["frontmatter", "schema"],
    messages: {
      missingFrontmatter: "The {{profile}} profile requires YAML frontmatter; none was found",
      missingRecord: 'No verified-delivery record found: expected a JSON object with "schema": "verified-delivery/handoff-v1"',
      violation: "{{message}}",
    },
  },
  check(document, context) {
    const { profile } = context;
    if (profile.recordSchema) {
      const record = document.record;
      if (!record) {
        context.report({ messageId: "missingRecord", line: 1, column: 1 });
        return;
      }
      if (record.errors.length > 0) return; // record-syntax reports those
      for (const problem of validateWithSchema(profile.recordSchema, record.data)) {
        const at = recordNodeOffsets(record, problem.missing ? problem.path.slice(0, -1) : problem.path);
        context.report({
          messageId: "violation",
          data: { message: problem.message },
          offset: at.offset,
          endOffset: problem.missing ? at.offset + 1 : at.endOffset,
        });
      }
      return;
    }
    if (document.format !== "markdown" || !profile.frontmatterSchema) return;
    const frontmatter = document.frontmatter;
    if (!frontmatter) {
      if (profile.frontmatterRequired) {
        context.report({ messageId: "missingFrontmatter", data: { profile: profile.id }, line: 1, column: 1 });
      }
      return;
    }
    if (!frontmatter.data) return; // frontmatter-syntax reports why
    for (const problem of validateWithSchema(profile.frontmatterSchema, frontmatter.data)) {
      if (problem.missing) {
        // Point at the opening fence: the key is not there to point at.
        const parent = problem.path.slice(0, -1);
        const at = parent.length ? frontmatterNodeOffsets(frontmatter, parent, "key") : { offset: 0, endOffset: 3 };
        context.report({ messageId: "violation", data: { message: problem.message }, offset: at.offset, endOffset: at.endOffset });
      } else {
        const at = frontmatterNodeOffsets(frontmatter, problem.path);
        context.report({ messageId: "violation", data: { message: problem.message }, offset: at.offset, endOffset: at.endOffset });
      }
    }
  },
};
