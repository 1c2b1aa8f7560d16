/**
 * Every rule doc (`rules/<id>.md`) against the code, remark-lint style: its generated parts (the
 * header from the rule's meta, the detector table of no-secrets) are what `npm run docs` renders,
 * and it shows at least one "Not ok" example, which gives exactly the findings listed under it, and
 * one "Ok" example, which gives none. An example is a heading line such as
 * `Not ok, checked with `--now 2026-05-01T00:00:00Z`:` or `Ok, as profile `hatch3r`:`, a blank line,
 * and a fenced `markdown` or `json` block (`markdown escaped`: `\uXXXX` escapes in it are decoded).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { builtinRules } from "../../rules/index.js";
import { SECRET_DETECTORS } from "../../src/3-check/secrets/detectors.js";
import { renderPage } from "../../scripts/rule-docs/render.js";
import { examples, type DocExample } from "../helpers/doc-examples.js";
import { createSession, lintText } from "../../src/3-check/lint.js";
import type { Rule } from "../../src/3-check/engine/rule.js";
import { repoRoot } from "../helpers/locations.js";

/**
 * The findings of `rule` for an example, `line:column severity message`, from a run with every
 * built-in rule (so rule names in suppression comments are known, as in a real run).
 */
function findings(rule: Rule, example: DocExample): string[] {
  const session = createSession({ cwd: "/virtual", rules: builtinRules, profile: example.profile, now: example.now, config: example.config });
  const result = lintText(example.path, example.text, session);
  expect(result.internalErrors).toEqual([]);
  const own = (ruleId: string) => ruleId === rule.meta.id || (Boolean(rule.meta.reportsForeignRuleIds) && /^MD\d{3}$/.test(ruleId));
  return result.diagnostics.filter((d) => own(d.ruleId)).map((d) => `${d.line}:${d.column} ${d.severity} ${d.message}`);
}

describe("rule docs", () => {
  for (const rule of builtinRules) {
    const file = path.join(repoRoot, "rules", `${rule.meta.id}.md`);
    describe(`rules/${rule.meta.id}.md`, () => {
      const page = readFileSync(file, "utf8");

      it("names the rule and holds the parts generated from the code (npm run docs)", () => {
        expect(page.startsWith(`# ${rule.meta.id} (${rule.meta.code})\n`)).toBe(true);
        expect(renderPage(page, rule.meta, SECRET_DETECTORS)).toBe(page);
      });

      it("has a 'Not ok' example giving exactly the findings it lists, and an 'Ok' example giving none", () => {
        const all = examples(page);
        expect(all.filter((e) => e.kind === "Not ok").length, "Not ok examples").toBeGreaterThan(0);
        expect(all.filter((e) => e.kind === "Ok").length, "Ok examples").toBeGreaterThan(0);
        for (const example of all) {
          const where = `${rule.meta.id}.md:${example.line} (${example.kind})`;
          const got = findings(rule, example);
          if (example.kind === "Ok") {
            expect(got, where).toEqual([]);
            continue;
          }
          expect(example.listed.length, `${where}: findings listed`).toBeGreaterThan(0);
          // The markdownlint bridge reports under markdownlint's own ids (MD018, …).
          for (const { ruleId } of example.listed) expect(rule.meta.reportsForeignRuleIds && /^MD\d{3}$/.test(ruleId) ? rule.meta.id : ruleId, where).toBe(rule.meta.id);
          expect(got, where).toEqual(example.listed.map((l) => l.finding));
        }
      });
    });
  }
});
