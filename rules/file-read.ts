/**
 * file-read: the file could not be read at all (permission, symlink loop, not a regular file,
 * over the size limit). One diagnostic per file; the run goes on.
 */
import type { Rule } from "../src/engine/rule.js";
import { loadProblemRule } from "../src/load/read.js";

export const fileRead: Rule = {
  meta: {
    id: "file-read",
    code: "HK001",
    description: "The file could be read: it exists, is a regular file, is not a symlink loop and is under the size limit.",
    defaultSeverity: "error",
    profiles: "all",
    formats: ["markdown", "json"],
    loadStage: true,
    tags: ["file"],
    runsAlways: true,
    messages: { problem: "{{message}}" },
  },
  check(document, context) {
    const problem = document.loadProblems.find((p) => loadProblemRule(p.kind) === "file-read");
    if (problem) context.report({ messageId: "problem", data: { message: problem.message }, line: 1, column: 1 });
  },
};
