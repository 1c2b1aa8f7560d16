/**
 * file-encoding: the bytes are not UTF-8 text (invalid UTF-8, a NUL byte, or UTF-16).
 * A leading UTF-8 BOM is tolerated (recorded on the document), not reported.
 */
import type { Rule } from "../src/engine/rule.js";
import { loadProblemRule } from "../src/load/read.js";

export const fileEncoding: Rule = {
  meta: {
    id: "file-encoding",
    code: "HK002",
    description: "The file is UTF-8 text: no invalid byte sequence, no NUL byte, not UTF-16.",
    defaultSeverity: "error",
    profiles: "all",
    formats: ["markdown", "json"],
    loadStage: true,
    tags: ["file"],
    runsAlways: true,
    messages: { problem: "{{message}}" },
  },
  check(document, context) {
    const problem = document.loadProblems.find((p) => loadProblemRule(p.kind) === "file-encoding");
    if (problem) {
      context.report({
        messageId: "problem",
        data: { message: problem.message },
        line: problem.line ?? 1,
        column: problem.column ?? 1,
      });
    }
  },
};
