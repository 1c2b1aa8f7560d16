import { describe, expect, it } from "vitest";
import type { Diagnostic, FileResult } from "../../src/3-check/engine/diagnostic.js";
import { escapeXmlAttribute, escapeXmlText, formatJunit } from "../../src/4-report/junit.js";

function diagnostic(over: Partial<Diagnostic> = {}): Diagnostic {
  return { ruleId: "next-action", severity: "warning", message: "m", line: 2, column: 1, endLine: 2, endColumn: 4, offset: 0, endOffset: 3, ...over };
}

describe("junit reporter", () => {
  it("escapes markup, quotes and characters XML 1.0 forbids", () => {
    expect(escapeXmlText("a < b && c > d \u0001 \uD800x \uFFFE ok 😀")).toBe("a &lt; b &amp;&amp; c &gt; d \\u0001 \\uD800x \\uFFFE ok 😀");
    expect(escapeXmlAttribute(`"it's"\tline\nnext\r`)).toBe("&quot;it&apos;s&quot;&#9;line&#10;next&#13;");
    expect(escapeXmlText("]]> <![CDATA[")).toBe("]]&gt; &lt;![CDATA[");
  });

  const results: FileResult[] = [
    {
      path: "a&b.md",
      profile: "generic",
      diagnostics: [diagnostic({ message: 'Say "what" <next>' }), diagnostic({ severity: "info", ruleId: "MD001", line: 5, column: 3 })],
      internalErrors: [],
    },
    { path: "clean.md", profile: "generic", diagnostics: [], internalErrors: [] },
  ];
  const tail = [
    "    </testcase>",
    '    <testcase classname="a&amp;b.md" name="MD001 a&amp;b.md:5:3">',
    "      <system-out>info: m (MD001) at a&amp;b.md:5:3",
    "https://github.com/DavidAnson/markdownlint/blob/v0.40.0/doc/md001.md</system-out>",
    "    </testcase>",
    "  </testsuite>",
    '  <testsuite name="clean.md" tests="1" failures="0" errors="0" skipped="0">',
    '    <testcase classname="clean.md" name="clean.md"/>',
    "  </testsuite>",
    "</testsuites>",
    "",
  ];

  it("writes one suite per file and a passing case per warning when warnings do not fail the run", () => {
    expect(formatJunit(results)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="handoffkit" tests="3" failures="0" errors="0">',
        '  <testsuite name="a&amp;b.md" tests="2" failures="0" errors="0" skipped="0">',
        '    <testcase classname="a&amp;b.md" name="next-action a&amp;b.md:2:1">',
        '      <system-out>warning: Say "what" &lt;next&gt; (next-action) at a&amp;b.md:2:1',
        "https://github.com/handoffkit/handoffkit/blob/main/rules/next-action.md</system-out>",
        ...tail,
      ].join("\n"),
    );
  });

  it("makes warnings failures with warningsAsFailures (ESLint's formatter; the CLI's choice when they exceed --max-warnings)", () => {
    expect(formatJunit(results, { warningsAsFailures: true })).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="handoffkit" tests="3" failures="1" errors="0">',
        '  <testsuite name="a&amp;b.md" tests="2" failures="1" errors="0" skipped="0">',
        '    <testcase classname="a&amp;b.md" name="next-action a&amp;b.md:2:1">',
        '      <failure type="warning" message="Say &quot;what&quot; &lt;next&gt;">warning: Say "what" &lt;next&gt; (next-action) at a&amp;b.md:2:1',
        "https://github.com/handoffkit/handoffkit/blob/main/rules/next-action.md</failure>",
        ...tail,
      ].join("\n"),
    );
  });

  it("always makes errors failures", () => {
    const xml = formatJunit([
      { path: "e.md", profile: "generic", diagnostics: [diagnostic({ severity: "error", message: "broken" }), diagnostic()], internalErrors: [] },
    ]);
    expect(xml).toContain('<testsuites name="handoffkit" tests="2" failures="1" errors="0">');
    expect(xml).toContain('<failure type="error" message="broken">error: broken (next-action) at e.md:2:1');
    expect(xml.match(/<failure /g)?.length).toBe(1);
  });
});
