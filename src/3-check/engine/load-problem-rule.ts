/**
 * `defineLoadProblemRule`: the shape of the two rules that report what loading found
 * (`file-read`, `file-encoding`): every profile and format, the load stage, on under `--only`,
 * and the first load problem of the rule's own kinds (`loadProblemRule`) as its one diagnostic.
 */
import { loadProblemRule } from "../../1-load/read.js";
import type { Rule, RuleMeta } from "./rule.js";

/** What a load-problem rule declares; the rest of its `meta` is shared. */
export type LoadProblemRuleSpec = Pick<RuleMeta, "code" | "description"> & { id: ReturnType<typeof loadProblemRule> };

/**
 * Builds the rule `spec.id`: one `problem` diagnostic carrying the load problem's message, at its
 * line and column when the problem has them (a byte that is not UTF-8), else at 1:1.
 */
export function defineLoadProblemRule(spec: LoadProblemRuleSpec): Rule {
  return {
    meta: {
      ...spec,
      defaultSeverity: "error",
      profiles: "all",
      formats: ["markdown", "json"],
      loadStage: true,
      tags: ["file"],
      runsAlways: true,
      messages: { problem: "{{message}}" },
    },
    check(document, context) {
      const problem = document.loadProblems.find((p) => loadProblemRule(p.kind) === spec.id);
      if (problem) context.report({ messageId: "problem", data: { message: problem.message }, line: problem.line ?? 1, column: problem.column ?? 1 });
    },
  };
}
