/**
 * Rule testers.
 *
 * {@link RuleTester}, after ESLint's: `valid` documents give the rule no finding; each `invalid`
 * one gives exactly the `errors` listed — by `messageId` and `data` (the message is rendered from
 * them, never compared as English), the full range (`line`, `column`, `endLine`, `endColumn`) and
 * the severity — and, for a rule with `meta.fixable`, its fixes applied once give exactly `output`
 * (`null`: no fix), and a second pass fixes nothing more. Options are checked against the rule's
 * `optionsSchema`; a case given twice is refused; a report without exactly one place is a contract
 * error of the engine, so it fails the case as an internal error.
 *
 * {@link ruleCases}: the older table form, each case's findings as `line:column severity message`.
 */
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import type { HandoffConfig } from "../../src/3-check/engine/config.js";
import type { MaskedDiagnostic, Severity } from "../../src/3-check/engine/diagnostic.js";
import { formatMessage, type Rule } from "../../src/3-check/engine/rule.js";
import { applyEdits } from "../../src/3-check/engine/text-edit.js";
import { createSession, lintText } from "../../src/3-check/lint.js";

/** What every case may set besides its text. */
interface CaseSettings {
  /** A name for the test (default: the text). */
  name?: string;
  /** File name (extension decides Markdown vs JSON); default `handoff.md`. */
  path?: string;
  /** Profile to check against (default: detected). */
  profile?: string;
  /** The rule's options (checked against its `optionsSchema`). */
  options?: Record<string, unknown>;
  /** Other config (the rule's own entry is made from `options` and `severity`). */
  config?: HandoffConfig;
  /** The run's clock (`--now`). */
  now?: Date;
}

/** A document the rule must find nothing in. */
export interface ValidCase extends CaseSettings {
  text: string;
}

/** One expected finding: the message by id and data (a rule reporting other rules' ids: the message itself), and the whole range. */
export interface ExpectedError {
  messageId?: string;
  /** Only for a rule with `reportsForeignRuleIds`, whose findings carry the other tool's message. */
  message?: string;
  data?: Readonly<Record<string, string | number>>;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** Default: the rule's default severity. */
  severity?: Severity;
  /** For a rule reporting other ids (the markdownlint bridge): the id reported. */
  ruleId?: string;
}

/** A document the rule must report exactly `errors` in. */
export interface InvalidCase extends CaseSettings {
  text: string;
  errors: readonly ExpectedError[];
  /** For a fixable rule: the text after one pass of its fixes; `null` when it offers none. */
  output?: string | null;
}

/** The rule's findings for a case (every internal error fails it). */
function run(rule: Rule, c: CaseSettings & { text: string }): MaskedDiagnostic[] {
  const rules = {
    ...c.config?.rules,
    ...(c.options ? { [rule.meta.id]: [rule.meta.defaultSeverity === "off" ? "warning" : rule.meta.defaultSeverity, c.options] as never } : {}),
  };
  const config: HandoffConfig = { ...c.config, rules };
  if (rule.meta.defaultSeverity === "off" && !c.config?.rules?.[rule.meta.id] && !c.options)
    (config.rules as Record<string, unknown>)[rule.meta.id] = "warning";
  const session = createSession({ cwd: "/virtual", config, profile: c.profile, rules: [rule], now: c.now });
  const result = lintText(c.path ?? "handoff.md", c.text, session);
  expect(result.internalErrors).toEqual([]);
  return result.diagnostics;
}

const caseKey = (c: CaseSettings & { text: string }) => JSON.stringify([c.text, c.path, c.profile, c.options, c.config, c.now]);

/** Registers a `describe` block of tests for `rule`: one per valid and invalid case. @throws Error for a case given twice. */
export function RuleTester(rule: Rule, cases: { valid: ReadonlyArray<ValidCase | string>; invalid: readonly InvalidCase[] }): void {
  const valid = cases.valid.map((c) => (typeof c === "string" ? { text: c } : c));
  const seen = new Set<string>();
  for (const c of [...valid, ...cases.invalid]) {
    const key = caseKey(c);
    if (seen.has(key)) throw new Error(`rule tester: the case ${JSON.stringify(c.name ?? c.text.slice(0, 60))} of ${rule.meta.id} is given twice`);
    seen.add(key);
  }
  const validate = rule.meta.optionsSchema ? new Ajv({ allErrors: true, strict: false }).compile(rule.meta.optionsSchema) : undefined;
  const checkOptions = (c: CaseSettings) => {
    if (c.options === undefined) return;
    if (!validate) throw new Error(`rule tester: ${rule.meta.id} takes no options`);
    expect(validate(c.options), JSON.stringify(validate.errors)).toBe(true);
  };
  describe(`${rule.meta.id} (rule tester)`, () => {
    for (const c of valid) {
      it(`valid: ${c.name ?? JSON.stringify(c.text.slice(0, 80))}`, () => {
        checkOptions(c);
        expect(run(rule, c).map(shown)).toEqual([]);
      });
    }
    for (const c of cases.invalid) {
      it(`invalid: ${c.name ?? JSON.stringify(c.text.slice(0, 80))}`, () => {
        checkOptions(c);
        expect(c.errors.length, "an invalid case lists at least one error").toBeGreaterThan(0);
        const found = run(rule, c);
        const expected = c.errors.map((e) => {
          let message: string;
          if (e.messageId === undefined) {
            if (!rule.meta.reportsForeignRuleIds || e.message === undefined)
              throw new Error(`rule tester: an error of ${rule.meta.id} names its messageId (and data)`);
            message = e.message;
          } else {
            const template = rule.meta.messages[e.messageId];
            if (template === undefined) throw new Error(`rule tester: ${rule.meta.id} has no messageId '${e.messageId}'`);
            message = formatMessage(template, e.data);
            expect(message, `every placeholder of '${e.messageId}' filled by data`).not.toMatch(/\{\{\s*\w+\s*\}\}/);
          }
          const severity = e.severity ?? (rule.meta.defaultSeverity === "off" ? "warning" : rule.meta.defaultSeverity);
          return `${e.line}:${e.column}-${e.endLine}:${e.endColumn} ${severity} ${e.ruleId ?? rule.meta.id} ${e.messageId ?? "-"} ${message}`;
        });
        expect(found.map(shown)).toEqual(expected);
        const fixes = found.filter((d) => d.fix !== undefined);
        if (!rule.meta.fixable) {
          expect(fixes, "a rule without meta.fixable offers no fix").toEqual([]);
          return;
        }
        if (c.output === undefined) throw new Error(`rule tester: ${rule.meta.id} is fixable: give the case an 'output' (null when it offers no fix)`);
        if (c.output === null) {
          expect(fixes.length, "the case says the rule offers no fix").toBe(0);
          return;
        }
        const once = applyEdits(
          c.text,
          fixes.map((d) => d.fix ?? []),
        ).text;
        expect(once).toBe(c.output);
        const again = run(rule, { ...c, text: once }).filter((d) => d.fix !== undefined);
        expect(
          applyEdits(
            once,
            again.map((d) => d.fix ?? []),
          ).text,
          "a second pass of the fixes changes nothing",
        ).toBe(once);
      });
    }
  });
}

/** A finding as the tester compares it: full range, severity, rule, message id and message. */
function shown(d: MaskedDiagnostic): string {
  return `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.severity} ${d.ruleId} ${d.messageId ?? "-"} ${d.message}`;
}

/** One case of the table form: a name, the text, and the exact findings (empty for a valid case). */
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

/** Registers one vitest test per case (the table form). @throws Error for a case given twice. */
export function ruleCases(rule: Rule, cases: readonly RuleCase[]): void {
  const seen = new Set<string>();
  for (const c of cases) {
    const key = JSON.stringify([c.text, c.path, c.profile, c.config, c.now]);
    if (seen.has(key)) throw new Error(`rule tester: the case ${JSON.stringify(c.name)} of ${rule.meta.id} is given twice`);
    seen.add(key);
    it(c.name, () => {
      expect(findings(rule, c.text, c)).toEqual(c.expected);
    });
  }
}
