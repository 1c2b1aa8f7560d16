/**
 * unclosed-fence: a fenced code block that is never closed runs to the end of the document (or of
 * the list item or quote it opens in), so everything after the opening fence — headings, next
 * steps, a second handoff — renders as code. markdownlint has no rule for it. What closes a fence:
 * see `src/2-parse/document/fences.ts`.
 */
import type { Code, Nodes, Parents } from "mdast";
import { unclosedFence as readUnclosedFence } from "../src/2-parse/document/fences.js";
import type { Rule } from "../src/3-check/engine/rule.js";

/**
 * Calls `found` with each `code` node under `parent`, its parent and the number of block quotes it
 * sits in, in document order (block nodes only: code is never inline).
 */
function forEachCode(parent: Parents, found: (node: Code, parent: Parents, quoteDepth: number) => void, quoteDepth = 0): void {
  for (const node of parent.children as Nodes[]) {
    if (node.type === "code") found(node, parent, quoteDepth);
    else if ("children" in node && !PHRASING.has(node.type)) forEachCode(node, found, quoteDepth + (node.type === "blockquote" ? 1 : 0));
  }
}

/** Nodes whose children are phrasing content, where no `code` node can sit. */
const PHRASING = new Set(["paragraph", "heading", "tableCell", "emphasis", "strong", "delete", "link", "linkReference"]);

export const unclosedFence: Rule = {
  meta: {
    id: "unclosed-fence",
    code: "HK051",
    description: "Every fenced code block is closed, so the text after it is not rendered as code.",
    defaultSeverity: "warning",
    profiles: "all",
    formats: ["markdown"],
    tags: ["markdown"],
    precision: "very-high",
    messages: {
      unclosed:
        "This code fence is never closed: the {{lines}} after it{{headings}} {{verb}} as code, up to the end of the {{container}}; " +
        "close it with a line of {{fence}}{{lookalike}}",
    },
  },
  check(document, context) {
    const root = document.mdast;
    if (!root) return;
    const { text, lines } = document;
    forEachCode(root, (node, parent, quoteDepth) => {
      const unclosed = readUnclosedFence(node, text, quoteDepth);
      const start = node.position?.start.offset;
      if (!unclosed || start === undefined) return;
      const { fence, sourceLines } = unclosed;
      // A line that looks like a closing fence but has an info string: the likely mistake.
      const lookalike = sourceLines.slice(1).findIndex((line) => line.trim().startsWith(fence.slice(0, 3)));
      const headings = sourceLines.slice(1).filter((line) => /^ {0,3}#{1,6}[ \t]/.test(line)).length;
      const firstLine = lines.point(start).line;
      context.report({
        messageId: "unclosed",
        data: {
          lines: sourceLines.length === 2 ? "line" : `${sourceLines.length - 1} lines`,
          verb: sourceLines.length === 2 ? "renders" : "render",
          headings: headings > 0 ? `, ${headings} heading${headings === 1 ? "" : "s"} among them,` : "",
          container: parent.type === "root" ? "document" : parent.type === "listItem" ? "list item" : "block quote",
          fence,
          lookalike: lookalike >= 0 ? ` (line ${firstLine + 1 + lookalike} does not close it: a closing fence has no info string)` : "",
        },
        offset: start,
        endOffset: start + fence.length,
      });
    });
  },
};
