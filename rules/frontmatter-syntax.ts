/**
 * frontmatter-syntax: the frontmatter block is closed, in a language handoffkit reads (YAML, JSON,
 * TOML), well-formed, a mapping, without duplicate keys, aliases or anchors.
 */
import type { Rule } from "../src/3-check/engine/rule.js";

export const frontmatterSyntax: Rule = {
  meta: {
    id: "frontmatter-syntax",
    code: "HK003",
    description: "Frontmatter is a closed, well-formed YAML, JSON or TOML mapping without duplicate keys, aliases or anchors.",
    defaultSeverity: "error",
    profiles: "all",
    formats: ["markdown"],
    tags: ["frontmatter"],
    messages: { problem: "{{message}}" },
  },
  check(document, context) {
    for (const problem of document.frontmatter?.problems ?? []) {
      context.report({
        messageId: "problem",
        data: { message: problem.message },
        offset: problem.offset,
        endOffset: problem.endOffset,
      });
    }
  },
};
