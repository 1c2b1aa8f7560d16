/**
 * A table-driven rule tester (after ESLint's RuleTester): each case is a document text and the
 * exact diagnostics one rule must report for it, as `line:column ruleId severity message`.
 */
import { expect, it } from "vitest";
import type { Rule } from "../../src/3-check/engine/rule.js";
import type { HandoffConfig } from "../../src/3-check/engine/config.js";
import { createSession, lintText } from "../../src/3-check/lint.js";

/** One case: a name, the text, and the exact findings (empty for a valid case). */
export interface RuleCase {
  name: string;
  text: string;
  /** File name (extension decides Markdown vs JSON); default `handoff.md`. */
  path?: string;
  /** Profile to check against (default: detected). */
  profile?: string;
  config?: HandoffConfig;
  /** The run's clock (`--now`). */
  now?: Date;
  /** Exact findings, `line:column severity message`. */
  expected: string[];
}

/** Findings of `rule` alone for `text`, formatted `line:column severity message`. */
export function findings(rule: Rule, text: string, options: Omit<RuleCase, "name" | "text" | "expected"> = {}): string[] {
  const session = createSession({ cwd: "/virtual", config: options.config, profile: options.profile, rules: [rule], now: options.now });
  const result = lintText(options.path ?? "handoff.md", text, session);
  expect(result.internalErrors).toEqual([]);
  return result.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.message}`);
}

/** Registers one vitest test per case. */
export function ruleCases(rule: Rule, cases: readonly RuleCase[]): void {
  for (const c of cases) {
    it(c.name, () => {
      expect(findings(rule, c.text, c)).toEqual(c.expected);
    });
  }
}
