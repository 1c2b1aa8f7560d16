import { describe, expect, it } from "vitest";
import type { Diagnostic, FileResult } from "../../src/3-check/engine/diagnostic.js";
import { annotation, escapeData, escapeProperty, formatGithub, formatGithubSummary } from "../../src/4-report/github.js";

const OPTIONS = { cwd: "/repo", repositoryRoot: "/repo" };

function diagnostic(over: Partial<Diagnostic> = {}): Diagnostic {
  return { ruleId: "required-sections", severity: "error", message: "m", line: 3, column: 2, endLine: 3, endColumn: 9, offset: 0, endOffset: 7, ...over };
}

function file(path: string, diagnostics: Diagnostic[]): FileResult {
  return { path, profile: "generic", diagnostics, internalErrors: [] };
}

describe("github reporter", () => {
  it("escapes % CR LF in data and additionally : and , in properties", () => {
    expect(escapeData("100% done\r\nnext")).toBe("100%25 done%0D%0Anext");
    expect(escapeProperty("a:b,c%\n")).toBe("a%3Ab%2Cc%25%0A");
  });

  it("writes one annotation with file, line, col, endLine, endColumn and title", () => {
    expect(annotation("handoffs/a.md", diagnostic())).toBe("::error file=handoffs/a.md,line=3,col=2,endLine=3,endColumn=9,title=required-sections::m");
    expect(annotation("a.md", diagnostic({ severity: "info", endLine: 5 }))).toBe("::notice file=a.md,line=3,col=2,endLine=5,title=required-sections::m");
  });

  it("never lets document text start or end a workflow command", () => {
    const hostile = "quoted line:\n::add-mask::x\r\n::set-output name=a::b\n%0A::stop-commands::t";
    const out = formatGithub([file("weird,name:1.md", [diagnostic({ message: hostile, ruleId: "MD001" })])], OPTIONS);
    expect(out).toBe(
      "::error file=weird%2Cname%3A1.md,line=3,col=2,endLine=3,endColumn=9,title=MD001::quoted line:%0A::add-mask::x%0D%0A::set-output name=a::b%0A%250A::stop-commands::t\n",
    );
    expect(out.split("\n").filter((line) => line.startsWith("::"))).toHaveLength(1);
  });

  it("annotates 10 errors and 10 warnings, logs the rest as plain lines and ends with a notice", () => {
    const errors = Array.from({ length: 12 }, (_, i) => diagnostic({ line: i + 1, endLine: i + 1, message: `e${i + 1}` }));
    const warnings = Array.from({ length: 3 }, (_, i) => diagnostic({ severity: "warning", line: 20 + i, endLine: 20 + i, message: `w${i + 1}` }));
    const lines = formatGithub([file("a.md", [...errors, ...warnings])], OPTIONS)
      .trimEnd()
      .split("\n");
    expect(lines.filter((l) => l.startsWith("::error "))).toHaveLength(10);
    expect(lines.filter((l) => l.startsWith("::warning "))).toHaveLength(3);
    expect(lines.filter((l) => l.startsWith("handoff: "))).toEqual([
      "handoff: a.md:11:2: error: e11 (required-sections)",
      "handoff: a.md:12:2: error: e12 (required-sections)",
    ]);
    expect(lines.at(-1)).toBe(
      "::notice title=handoffkit::2 more findings than GitHub annotates per step (10 errors and 10 warnings): they are listed in this step's log above; upload the SARIF report to see every finding in code scanning",
    );
  });

  it("prints nothing for a clean run", () => {
    expect(formatGithub([file("a.md", [])], OPTIONS)).toBe("");
  });

  it("makes paths relative to the repository root, not the working directory", () => {
    expect(formatGithub([file("a.md", [diagnostic()])], { cwd: "/repo/docs", repositoryRoot: "/repo" })).toBe(
      "::error file=docs/a.md,line=3,col=2,endLine=3,endColumn=9,title=required-sections::m\n",
    );
  });

  it("writes a job summary whose table cells cannot carry HTML or break the table", () => {
    const text = formatGithubSummary([file("a.md", [diagnostic({ message: "<img src=x> | `x`\nnext" })])], OPTIONS);
    expect(text).toBe(
      "### handoffkit\n\n1 file checked: 1 error, 0 warnings, 0 info.\n\n| where | severity | message | rule |\n| --- | --- | --- | --- |\n| a.md:3:2 | error | &lt;img src=x&gt; \\| \\`x\\` next | required-sections |\n\n",
    );
  });
});
