/**
 * The `junit` reporter: JUnit XML as CI systems read it (Jenkins, GitLab, Azure Pipelines; the
 * de-facto schema of Ant's JUnit task, as ESLint's and markdownlint-cli2's junit formatters write it):
 * one `<testsuite>` per file, one `<testcase>` per finding (a passing one for a clean file).
 * A `<failure type="…">` is what fails the run: every error, and the warnings only when they fail it
 * too (more than `--max-warnings`), so a run that exits 0 has no failures. Other findings pass, with
 * their message in `<system-out>`. {@link JunitOptions.warningsAsFailures} gives ESLint's formatter's
 * behaviour instead: every warning a failure.
 *
 * Everything from documents is escaped for XML 1.0: `& < > " '` as entities, characters XML 1.0
 * forbids (C0 controls other than tab/LF/CR, lone surrogates, U+FFFE/U+FFFF) as visible `\uXXXX`,
 * and in attributes tab/LF/CR as character references so parsers keep them.
 */
import type { MaskedFileResult, Severity } from "../3-check/engine/diagnostic.js";
import { ruleDocUrl } from "./rule-docs.js";
import { summarize } from "../3-check/pipeline/summary.js";

const INVALID_XML_RE = /[\u0000-\u0008\v\f\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function replaceInvalid(text: string): string {
  return text.replace(INVALID_XML_RE, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`);
}

/** Escapes text content for XML 1.0. */
export function escapeXmlText(text: string): string {
  return replaceInvalid(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Escapes an attribute value (double-quoted) for XML 1.0; tab, LF and CR survive attribute normalization. */
export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text).replace(/"/g, "&quot;").replace(/'/g, "&apos;").replace(/\t/g, "&#9;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;");
}

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXmlAttribute(String(value))}"`)
    .join("");
}

/** Options of {@link formatJunit}. */
export interface JunitOptions {
  /** Warnings are `<failure>` elements (ESLint's junit formatter; the CLI sets it when warnings fail the run). Default false. */
  warningsAsFailures?: boolean;
}

/** Renders results as JUnit XML (UTF-8, trailing newline). `results` must already be masked. */
export function formatJunit(results: readonly MaskedFileResult[], options: JunitOptions = {}): string {
  const isFailure = (severity: Severity) => severity === "error" || (severity === "warning" && options.warningsAsFailures === true);
  const total = summarize(results);
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const testCount = results.reduce((n, r) => n + Math.max(1, r.diagnostics.length), 0);
  const failureCount = total.errors + (options.warningsAsFailures ? total.warnings : 0);
  out.push(`<testsuites${attributes({ name: "handoffkit", tests: testCount, failures: failureCount, errors: 0 })}>`);
  for (const result of results) {
    const failures = result.diagnostics.filter((d) => isFailure(d.severity)).length;
    const tests = Math.max(1, result.diagnostics.length);
    out.push(`  <testsuite${attributes({ name: result.path, tests, failures, errors: 0, skipped: 0 })}>`);
    if (result.diagnostics.length === 0) {
      out.push(`    <testcase${attributes({ classname: result.path, name: result.path })}/>`);
    }
    for (const d of result.diagnostics) {
      const where = `${result.path}:${d.line}:${d.column}`;
      out.push(`    <testcase${attributes({ classname: result.path, name: `${d.ruleId} ${where}` })}>`);
      const body = escapeXmlText(`${d.severity}: ${d.message} (${d.ruleId}) at ${where}\n${ruleDocUrl(d.ruleId)}`);
      if (!isFailure(d.severity)) out.push(`      <system-out>${body}</system-out>`);
      else out.push(`      <failure${attributes({ type: d.severity, message: d.message })}>${body}</failure>`);
      out.push("    </testcase>");
    }
    out.push("  </testsuite>");
  }
  out.push("</testsuites>");
  return `${out.join("\n")}\n`;
}
