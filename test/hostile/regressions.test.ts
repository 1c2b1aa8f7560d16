/**
 * Regressions for the defects fuzzing found (each was a CRLF/LF disagreement, a multi-line
 * message, a false finding or output on stderr); exact findings pinned for LF and CRLF.
 */
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/3-check/engine/diagnostic.js";
import { createSession, lintText } from "../../src/3-check/lint.js";

const session = createSession({ cwd: "/repo", now: new Date("2026-06-01T00:00:00Z") });
const shown = (d: Diagnostic) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.ruleId} ${d.message}`;
const both = (text: string) => ["\n", "\r\n"].map((eol) => lintText("doc.md", text.replace(/\n/g, eol), session).diagnostics.map(shown));

describe("fixed by fuzzing", () => {
  it("a setext heading over two lines has a one-line title, with LF and CRLF alike", () => {
    for (const findings of both("# T\n\na\nNext steps\n===\n")) {
      expect(findings).toContain("3:1-5:4 next-action The next-action section 'a Next steps' is empty");
    }
  });

  it("a duplicate key after a key without a value is named and placed on the key, with LF and CRLF alike", () => {
    for (const findings of both("---\nintegrity:\nintegrity: x\n---\n# T\n\n## Next steps\n\nRun it.\n")) {
      expect(findings).toEqual(["3:1-3:2 frontmatter-syntax Duplicate frontmatter key 'integrity'"]);
    }
  });

  it("a YAML error quoting a multi-line token says \\n for CRLF too", () => {
    const [lf, crlf] = both("---\n : Goal\nfolded: >-\n  a\n  b\n---\n# T\n\n## Next steps\n\nRun it.\n");
    const quoted = 'frontmatter-syntax YAML syntax error: Unexpected scalar token in YAML stream: "  a\\n  b\\n"';
    expect(lf?.some((f) => f.endsWith(quoted))).toBe(true);
    expect(crlf?.some((f) => f.endsWith(quoted))).toBe(true);
  });

  it("`password:` followed by blank lines and later text is not a secret assignment (no-secrets)", () => {
    for (const findings of both("# T\n\n- password:\n\n\n**-.#a/A Goal* é\n\n## Next steps\n\nRun it.\n")) {
      expect(findings.filter((f) => f.includes("no-secrets"))).toEqual([]);
    }
    expect(lintText("doc.md", "# T\n\npassword: Zx8#qLm2vR9t\n", session).diagnostics.filter((d) => d.ruleId === "no-secrets")).toHaveLength(1);
  });
});
