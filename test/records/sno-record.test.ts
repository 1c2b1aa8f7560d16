import { describe, expect, it } from "vitest";
import { formatRecordContent, locateRecordBlock, parseRecordContent, RecordError, type SnoRecord } from "../../src/2-parse/document/sno-record.js";

const HASH = "a".repeat(64);
const record: SnoRecord = {
  checkpoint: 3,
  updated: "2026-03-01T10:00:00Z",
  by: "agent",
  checkout: "/work/my project",
  branch: undefined,
  head: { short: "0123456789ab", subject: "Fix: the parser" },
  recent: [{ short: "0123456789ab", subject: "Fix: the parser" }],
  uncommitted: [
    { status: "??", path: "line\nbreak.md", sha256: HASH },
    { status: "M", path: "space at end ", sha256: undefined },
    { status: "MM", path: "ünï cödé/文件.md", sha256: HASH },
    { status: "A", path: '"quoted".md', sha256: HASH },
  ],
};

describe("sno record", () => {
  it("round-trips odd path names, a detached HEAD and a missing file", () => {
    const text = formatRecordContent(record, "\r\n");
    expect(text).toContain(`- MM ünï cödé/文件.md sha256:${HASH}\r\n`);
    expect(text).toContain('- ?? "line\\nbreak.md" sha256:');
    expect(text).toContain('- M "space at end " sha256:-\r\n');
    expect(parseRecordContent(text)).toEqual(record);
  });

  it("reads git's padded status letters too", () => {
    const parsed = parseRecordContent(
      `checkpoint: 1\nupdated: x\ncheckout: /r\nbranch: main\nhead: (none)\nrecent:\nuncommitted:\n-  M a b.txt sha256:${HASH}\n`,
    );
    expect(parsed.uncommitted).toEqual([{ status: "M", path: "a b.txt", sha256: HASH }]);
    expect(parsed.head).toBeUndefined();
  });

  it("finds the block only between whole marker lines", () => {
    const text = "intro <!-- machine-record:start -->\n<!-- machine-record:start -->  \r\nx: 1\r\n<!-- machine-record:end -->\nafter\n";
    const at = locateRecordBlock(text);
    expect(at && text.slice(at.contentStart, at.contentEnd)).toBe("x: 1\r\n");
    expect(at && text.slice(at.end)).toBe("\nafter\n");
  });

  it("names the first problem of an unusable record", () => {
    expect(() => parseRecordContent("checkpoint: 0\nupdated: x\ncheckout: /\nbranch: b\nhead: (none)\n")).toThrow(
      new RecordError("'checkpoint: 0' is not a positive whole number"),
    );
  });
});
