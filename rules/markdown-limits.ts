/**
 * markdown-limits: a block of the body was not parsed as Markdown because its nesting or its count
 * of inline delimiters would make the parser take minutes or overflow the stack (limits and
 * measurements in src/2-parse/document/markdown-limits.ts). The Markdown rules (sections, markdownlint, …)
 * do not see that block; the text rules (secrets, injection, integrity) still do.
 */
import { MAX_BLOCK_DELIMITERS, MAX_CONTAINER_DEPTH, MAX_DOCUMENT_BLOCKS, MAX_DOCUMENT_DELIMITER_WORK } from "../src/2-parse/document/markdown-limits.js";
import type { Rule } from "../src/3-check/engine/rule.js";

export const markdownLimits: Rule = {
  meta: {
    id: "markdown-limits",
    code: "HK050",
    description: "Every block of the body is within the Markdown parser's nesting, delimiter and block-count limits.",
    defaultSeverity: "warning",
    profiles: "all",
    formats: ["markdown"],
    tags: ["file"],
    runsAlways: true,
    messages: {
      depth: "Not parsed as Markdown: a line opens up to {{measure}} nested block containers (> or list markers), over the limit of {{limit}}",
      delimiters: "Not parsed as Markdown: {{measure}} emphasis/link delimiter characters in one block, over the limit of {{limit}}",
      "document-delimiters":
        "Not parsed as Markdown: this block's {{measure}} emphasis/link delimiter characters push the document past its parse budget ({{limit}} = sum of squares per block)",
      "document-blocks":
        "Not parsed as Markdown from here on: the document opens {{measure}} blocks (paragraphs, headings, list items, quotes, table rows), over the limit of {{limit}}; the rest is read as plain text",
    },
  },
  check(document, context) {
    const limits = {
      depth: MAX_CONTAINER_DEPTH,
      delimiters: MAX_BLOCK_DELIMITERS,
      "document-delimiters": MAX_DOCUMENT_DELIMITER_WORK,
      "document-blocks": MAX_DOCUMENT_BLOCKS,
    };
    for (const block of document.markdownSkipped ?? []) {
      context.report({
        messageId: block.reason,
        data: { measure: block.measure, limit: limits[block.reason] },
        offset: block.offset,
        endOffset: block.endOffset,
      });
    }
  },
};
