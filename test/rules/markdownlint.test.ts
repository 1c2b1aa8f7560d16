import { describe, expect, it } from "vitest";
import { markdownlint, MARKDOWNLINT_DEFAULTS } from "../../rules/markdownlint.js";
import type { HandoffConfig } from "../../src/3-check/engine/config.js";
import { createSession, lintText } from "../../src/3-check/lint.js";

/** markdownlint findings as `line:column-endColumn ruleId severity message`. */
function lint(text: string | Uint8Array, config: HandoffConfig = {}, ruleOverrides?: Record<string, "off" | "error">): string[] {
  // These tests exercise the bridge with MD022, which handoffkit turns off by default: turn it on.
  const withMd022: HandoffConfig = { ...config, markdownlint: config.markdownlint ?? { MD022: true } };
  const session = createSession({ cwd: "/virtual", rules: [markdownlint], config: withMd022, ruleOverrides });
  const result = lintText("doc.md", text, session);
  expect(result.internalErrors).toEqual([]);
  return result.diagnostics.map((d) => `${d.line}:${d.column}-${d.endColumn} ${d.ruleId} ${d.severity} ${d.message}`);
}

const MD022 = "Headings should be surrounded by blank lines [Expected: 1; Actual: 0; Below]";

describe("markdownlint bridge", () => {
  it("runs only the handoff preset by default: style findings (MD022, MD032, MD007, MD031, MD040) are not reported", () => {
    const session = createSession({ cwd: "/virtual", rules: [markdownlint] });
    const text = "# T\ntext\n- a\n    - b\n```\nx\n```\n";
    expect(lintText("doc.md", text, session).diagnostics.map((d) => d.ruleId)).toEqual([]);
  });

  it("reports under markdownlint's ids with its own descriptions, at warning by default (a whole-line finding spans no columns)", () => {
    expect(lint("# T\ntext\n")).toEqual([`1:1-1 MD022 warning ${MD022} [Context: "# T"]`]);
  });

  it("gives line numbers identical to ours below YAML frontmatter", () => {
    expect(lint("---\nowner: me\n---\n# T\ntext\n")).toEqual([`4:1-1 MD022 warning ${MD022} [Context: "# T"]`]);
  });

  it("treats a ---js block as frontmatter too: its lines get no Markdown finding", () => {
    expect(lint("---js\n{ a: 1 }\n---\n# T\ntext\n")).toEqual([`4:1-1 MD022 warning ${MD022} [Context: "# T"]`]);
  });

  it("gives the same positions with a BOM and with CRLF line endings", () => {
    const text = "---\nowner: me\n---\n# T\ntext\n";
    const expected = lint(text);
    expect(lint(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]))).toEqual(expected);
    expect(lint(text.replace(/\n/g, "\r\n"))).toEqual(expected);
  });

  it("takes a severity per MD id from config, also under the rule's alias", () => {
    expect(lint("# T\ntext\n", { rules: { MD022: "error" } })).toEqual([`1:1-1 MD022 error ${MD022} [Context: "# T"]`]);
    expect(lint("# T\ntext\n", { rules: { "blanks-around-headings": "info" } })).toEqual([`1:1-1 MD022 info ${MD022} [Context: "# T"]`]);
    expect(lint("# T\ntext\n", { rules: { MD022: "off" } })).toEqual([]);
  });

  it("takes a severity for the whole bridge from config or flags", () => {
    expect(lint("# T\ntext\n", { rules: { markdownlint: "error" } })).toEqual([`1:1-1 MD022 error ${MD022} [Context: "# T"]`]);
    expect(lint("# T\ntext\n", undefined, { markdownlint: "off" })).toEqual([]);
    expect(lint("# T\ntext\n", { markdownlint: false })).toEqual([]);
  });

  it("has MD013 (line length), MD024, MD033, MD041 and MD060 off by default", () => {
    expect(MARKDOWNLINT_DEFAULTS).toMatchObject({ default: false });
    expect(["MD013", "MD024", "MD033", "MD041", "MD060"].filter((id) => id in MARKDOWNLINT_DEFAULTS)).toEqual([]);
    const text = `Intro <b>html</b> first.\n\n# T\n\n${"word ".repeat(60).trim()}\n\n## A\n\nx\n\n## A\n\ny\n`;
    expect(lint(text)).toEqual([]);
  });

  it("turns MD013 on with options from the config's markdownlint object", () => {
    expect(lint("# T\n\nfour words per line then more words\n", { markdownlint: { MD013: { line_length: 20 } } })).toEqual([
      "3:21-36 MD013 warning Line length [Expected: 20; Actual: 35]",
    ]);
  });

  it("honours markdownlint's inline disable comments", () => {
    expect(lint("<!-- markdownlint-disable MD022 -->\n# T\ntext\n")).toEqual([]);
  });

  it("reports MD047 (no final newline) with its range", () => {
    expect(lint("# T\n\ntext", { markdownlint: { MD047: true } })).toEqual(["3:4-5 MD047 warning Files should end with a single newline character"]);
  });
});
