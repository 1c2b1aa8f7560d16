import { describe, expect, it } from "vitest";
import { fileEncoding } from "../../rules/file-encoding.js";
import { createSession, lintText } from "../../src/3-check/lint.js";

const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : Buffer.from(p))));

/** Findings of all built-in rules (or file-encoding alone) as `line:column ruleId severity message`. */
function lint(data: Uint8Array, only = false): string[] {
  const session = createSession({ cwd: "/virtual", rules: only ? [fileEncoding] : undefined });
  const result = lintText("doc.md", data, session);
  expect(result.internalErrors).toEqual([]);
  return result.diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId} ${d.severity} ${d.message}`);
}

describe("file-encoding", () => {
  it("reports invalid UTF-8 at its line and column, and nothing else about the file", () => {
    expect(lint(bytes("# Title\n\nNo next steps here, caf", [0xe9], "\n"))).toEqual(["3:24 file-encoding error Invalid UTF-8 byte 0xE9 at byte 32"]);
  });

  it("reports a NUL byte (a binary file such as a macOS ._ file)", () => {
    expect(lint(bytes([0x00, 0x05, 0x16, 0x07], "Mac OS X"), true)).toEqual([
      "1:1 file-encoding error NUL byte at byte 0: this is a binary file, not a text handoff",
    ]);
  });

  it("reports UTF-16", () => {
    expect(lint(bytes([0xff, 0xfe], "#\u0000"), true)).toEqual([
      "1:1 file-encoding error File is UTF-16 (byte order mark FF FE or FE FF); handoff documents must be UTF-8",
    ]);
  });

  it("tolerates a UTF-8 BOM and keeps positions as without it", () => {
    const text = "# T\n\n## Next steps\n\n- go\n";
    expect(lint(bytes([0xef, 0xbb, 0xbf], text))).toEqual([]);
    const broken = "# T\n\n## Next steps\n";
    expect(lint(bytes([0xef, 0xbb, 0xbf], broken))).toEqual(lint(bytes(broken)));
    expect(lint(bytes(broken))).toEqual(["3:1 next-action warning The next-action section 'Next steps' is empty"]);
  });

  it("reports nothing for valid UTF-8 of any script", () => {
    expect(lint(bytes("# 引き継ぎ 😀\n"), true)).toEqual([]);
  });
});
