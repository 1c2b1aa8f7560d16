/**
 * Fixes and places in the rule contract: a report names exactly one place (none is a contract
 * error, never a silent 1:1); only a rule with `meta.fixable` may attach a fix, whose edits lie in
 * the text and do not overlap; `applyEdits` takes every fix that does not overlap another and
 * defers the rest; the rule tester refuses a case given twice.
 */
import { describe, expect, it } from "vitest";
import type { Rule } from "../../src/3-check/engine/rule.js";
import { applyEdits, replacementEdit } from "../../src/3-check/engine/text-edit.js";
import { createSession, lintText } from "../../src/3-check/lint.js";
import { RuleTester } from "../helpers/rule-tester.js";

function ruleReporting(report: Parameters<Parameters<Rule["check"]>[1]["report"]>[0], fixable?: Rule["meta"]["fixable"]): Rule {
  return {
    meta: {
      id: "probe",
      code: "HK999",
      description: "probe",
      defaultSeverity: "warning",
      profiles: "all",
      formats: ["markdown"],
      tags: [],
      messages: { found: "found" },
      ...(fixable ? { fixable } : {}),
    },
    check: (_document, context) => context.report(report),
  };
}

const errorsOf = (rule: Rule) =>
  lintText("a.md", "# Title\n\nText.\n", createSession({ cwd: "/v", rules: [rule] })).internalErrors.map((e) => e.split("\n")[0]);

describe("the place of a report", () => {
  it("is refused when missing, or given twice", () => {
    expect(errorsOf(ruleReporting({ messageId: "found" }))).toEqual([
      "rule probe failed on a.md: RuleContractError: rule probe reported 'found' with no place: give exactly one of node, range, offset or line",
    ]);
    expect(errorsOf(ruleReporting({ messageId: "found", offset: 0, line: 1 }))).toEqual([
      "rule probe failed on a.md: RuleContractError: rule probe reported 'found' with 2 places: give exactly one of node, range, offset or line",
    ]);
    expect(errorsOf(ruleReporting({ messageId: "found", line: 3, column: 1 }))).toEqual([]);
  });
});

describe("a fix on a report", () => {
  it("is refused from a rule without meta.fixable", () => {
    expect(errorsOf(ruleReporting({ messageId: "found", offset: 0, fix: { range: [0, 1], text: "" } }))).toEqual([
      "rule probe failed on a.md: RuleContractError: rule probe reported a fix but its meta has no 'fixable'",
    ]);
  });

  it("is refused outside the text or with overlapping edits", () => {
    expect(errorsOf(ruleReporting({ messageId: "found", offset: 0, fix: { range: [0, 99], text: "" } }, "layout"))).toEqual([
      "rule probe failed on a.md: RuleContractError: rule probe reported a fix with the edit [0, 99) outside the text (0 to 15)",
    ]);
    expect(
      errorsOf(
        ruleReporting(
          {
            messageId: "found",
            offset: 0,
            fix: [
              { range: [0, 3], text: "" },
              { range: [2, 4], text: "" },
            ],
          },
          "layout",
        ),
      ),
    ).toEqual(["rule probe failed on a.md: RuleContractError: rule probe reported a fix whose edits overlap"]);
  });

  it("travels on the finding, sorted", () => {
    const rule = ruleReporting(
      {
        messageId: "found",
        offset: 0,
        fix: [
          { range: [9, 13], text: "More" },
          { range: [2, 7], text: "Heading" },
        ],
      },
      "layout",
    );
    const [finding] = lintText("a.md", "# Title\n\nText.\n", createSession({ cwd: "/v", rules: [rule] })).diagnostics;
    expect(finding?.fix).toEqual([
      { range: [2, 7], text: "Heading" },
      { range: [9, 13], text: "More" },
    ]);
  });
});

describe("applyEdits", () => {
  it("applies fixes that do not overlap, defers those that do, and counts identical fixes once", () => {
    const text = "abcdef";
    const result = applyEdits(text, [
      [{ range: [0, 2], text: "X" }],
      [{ range: [1, 3], text: "Y" }],
      [{ range: [4, 4], text: "+" }],
      [{ range: [0, 2], text: "X" }],
    ]);
    expect(result).toEqual({ text: "Xcd+ef", applied: [0, 2, 3], deferred: [1] });
  });

  it("refuses an edit outside the text", () => {
    expect(() => applyEdits("ab", [[{ range: [1, 3], text: "" }]])).toThrow("edit [1, 3) is outside the text (0 to 2)");
  });

  it("makes the one edit between two texts", () => {
    expect(replacementEdit("integrity: aaa\nbody", "integrity: bbb\nbody")).toEqual({ range: [11, 14], text: "bbb" });
    expect(replacementEdit("same", "same")).toEqual({ range: [4, 4], text: "" });
  });
});

describe("the rule tester", () => {
  it("refuses a case given twice", () => {
    const rule = ruleReporting({ messageId: "found", line: 1 });
    expect(() => RuleTester(rule, { valid: ["# A\n", "# A\n"], invalid: [] })).toThrow('rule tester: the case "# A\\n" of probe is given twice');
  });
});
