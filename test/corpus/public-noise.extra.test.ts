/**
 * Noise of the injection rules on the real public handoffs (../shared/corpus-public/docs: 76
 * non-hostile documents full of imperative prose). The bound: at most one finding per 20
 * documents; measured: none.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { builtinRules } from "../../rules/index.js";
import { createSession, lintPaths } from "../../src/3-check/lint.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const beside = path.resolve(repoRoot, "../shared/corpus-public");
const corpus = existsSync(beside) ? beside : "/work/shared/corpus-public";
const docs = path.join(corpus, "docs");
const present = existsSync(docs);

describe("injection rules on corpus-public/docs", () => {
  it.skipIf(!present)(`reports no injection finding on the 76 real handoffs${present ? "" : " (skipped: corpus-public not found)"}`, async () => {
    const run = await lintPaths([docs], createSession({ cwd: corpus, rules: builtinRules.filter((rule) => rule.meta.id.startsWith("injection-")) }));
    expect(run.results.length).toBe(76);
    const findings = run.results.flatMap((r) =>
      r.diagnostics.filter((d) => d.ruleId.startsWith("injection-")).map((d) => `${r.path}:${d.line}:${d.column} ${d.ruleId} ${d.message}`),
    );
    expect(findings).toEqual([]);
  });
});
