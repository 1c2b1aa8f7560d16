/**
 * The rule contract, enforced by the engine (after ESLint's RuleTester): a report with a messageId
 * the rule does not declare, or a template placeholder its data does not fill, is an internal
 * error (a bug of ours), never a message that reads `secret` or `{{name}}`. This meta-test checks
 * every built-in rule: each messageId its source names is declared, and every rule, switched on,
 * runs over every document of corpus/ and test/fixtures/ without an internal error. Each rule's own
 * table of cases (test/helpers/rule-tester.ts) fails on an internal error as well.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { builtinRules } from "../../rules/index.js";
import type { Rule } from "../../src/3-check/engine/rule.js";
import { createSession, lintText } from "../../src/3-check/lint.js";
import { repoRoot } from "../helpers/locations.js";

function fakeRule(report: Parameters<Parameters<Rule["check"]>[1]["report"]>[0]): Rule {
  return {
    meta: {
      id: "fake",
      code: "HK999",
      description: "test",
      defaultSeverity: "error",
      profiles: "all",
      formats: ["markdown"],
      tags: [],
      messages: { found: "found {{what}} at {{where}}" },
    },
    check: (_document, context) => context.report(report),
  };
}

function internalErrors(rule: Rule): string[] {
  const result = lintText("handoff.md", "# Handoff\n", createSession({ cwd: "/virtual", rules: [rule] }));
  // The report never becomes a finding of its own: the file carries one internal-error finding instead.
  expect(result.diagnostics.map((d) => d.ruleId)).toEqual(["internal-error"]);
  expect(result.diagnostics[0]?.message).toMatch(
    /^rule fake failed on this file \(RuleContractError: .*\): its checks of this file are missing; please report this bug$/,
  );
  return result.internalErrors.map((e) => e.split("\n")[0] as string);
}

describe("the engine enforces the rule contract", () => {
  it("turns an unknown messageId into an internal error", () => {
    expect(internalErrors(fakeRule({ messageId: "fonud", data: { what: "x", where: "y" }, offset: 0 }))).toEqual([
      "rule fake failed on handoff.md: RuleContractError: rule fake reported unknown messageId 'fonud' (its messages: found)",
    ]);
  });

  it("turns an unfilled placeholder into an internal error", () => {
    expect(internalErrors(fakeRule({ messageId: "found", data: { what: "x" }, offset: 0 }))).toEqual([
      "rule fake failed on handoff.md: RuleContractError: rule fake message 'found' has no value for {{where}}",
    ]);
    expect(internalErrors(fakeRule({ messageId: "found", offset: 0 }))).toEqual([
      "rule fake failed on handoff.md: RuleContractError: rule fake message 'found' has no value for {{what}}, {{where}}",
    ]);
  });

  it("never takes a messageId from the object prototype", () => {
    expect(internalErrors(fakeRule({ messageId: "toString", offset: 0 }))).toEqual([
      "rule fake failed on handoff.md: RuleContractError: rule fake reported unknown messageId 'toString' (its messages: found)",
    ]);
  });

  it("fills every placeholder of a correct report", () => {
    const result = lintText(
      "handoff.md",
      "# Handoff\n",
      createSession({ cwd: "/virtual", rules: [fakeRule({ messageId: "found", data: { what: "x", where: "y" }, offset: 0 })] }),
    );
    expect(result.internalErrors).toEqual([]);
    expect(result.diagnostics.map((d) => d.message)).toEqual(["found x at y"]);
  });
});

const RULE_SOURCES = path.join(repoRoot, "rules");

/** String literals in the expressions given as `messageId:` in a rule's source. */
function messageIdsNamed(source: string): string[] {
  const ids: string[] = [];
  for (const m of source.matchAll(/messageId:\s*([^,}\n]+)/g)) {
    // `cond ? "a" : "b"`: the literals after the condition.
    const expression = m[1] as string;
    const values = expression.includes("?") ? expression.slice(expression.indexOf("?") + 1) : expression;
    for (const literal of values.matchAll(/"([^"]+)"/g)) ids.push(literal[1] as string);
  }
  return ids;
}

function documents(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return documents(file);
    return /\.(?:md|markdown|txt|json)$/.test(entry.name) ? [file] : [];
  });
}

describe("every built-in rule keeps the contract", () => {
  for (const rule of builtinRules) {
    it(`${rule.meta.id}: each messageId named in rules/${rule.meta.id}.ts is declared, and every template is filled`, () => {
      const source = readFileSync(path.join(RULE_SOURCES, `${rule.meta.id}.ts`), "utf8");
      const undeclared = messageIdsNamed(source).filter((id) => !Object.hasOwn(rule.meta.messages, id));
      expect(undeclared).toEqual([]);
      expect(Object.keys(rule.meta.messages).length).toBeGreaterThan(0);
    });
  }

  it("runs every rule, switched on, over corpus/ and test/fixtures/ without an internal error or an unfilled message", () => {
    const files = [...documents(path.join(repoRoot, "corpus")), ...documents(path.join(repoRoot, "test/fixtures"))];
    expect(files.length).toBeGreaterThan(100);
    const rules = Object.fromEntries(
      builtinRules.map((rule) => [rule.meta.id, rule.meta.defaultSeverity === "off" ? "error" : rule.meta.defaultSeverity] as const),
    );
    const session = createSession({ cwd: repoRoot, config: { rules }, now: new Date("2026-03-01T12:00:00Z") });
    const seen = new Set<string>();
    for (const file of files) {
      const result = lintText(path.relative(repoRoot, file), readFileSync(file), session);
      expect(result.internalErrors).toEqual([]);
      for (const d of result.diagnostics) {
        expect(d.message).not.toMatch(/\{\{\s*\w+\s*\}\}/);
        seen.add(d.ruleId);
      }
    }
    // Most rules report something on these documents (the rest are exercised by their own rule tests,
    // whose tester fails on any internal error too).
    expect(seen.size).toBeGreaterThanOrEqual(20);
  });
});
