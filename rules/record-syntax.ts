/**
 * record-syntax: a JSON handoff record (a `.json` file, or a fenced verified-delivery block) is
 * valid JSON.
 */
import type { Rule } from "../src/3-check/engine/rule.js";

export const recordSyntax: Rule = {
  meta: {
    id: "record-syntax",
    code: "HK009",
    description: "A JSON handoff record is valid JSON (no comments, no trailing commas).",
    defaultSeverity: "error",
    profiles: "all",
    formats: ["markdown", "json"],
    tags: ["record", "json"],
    messages: { problem: "{{message}}" },
  },
  check(document, context) {
    // Report only the first error: JSON parsers resynchronise poorly, later errors are noise.
    const first = document.record?.errors[0];
    if (first) context.report({ messageId: "problem", data: { message: first.message }, offset: first.offset, endOffset: first.endOffset });
  },
};
