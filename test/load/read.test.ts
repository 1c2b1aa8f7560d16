import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MAX_FILE_BYTES, firstInvalidUtf8, readSource, sourceFromBytes, toDisplayPath } from "../../src/1-load/read.js";

const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : Buffer.from(p))));

describe("readSource", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-read-"));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads a UTF-8 file, with a display path relative to cwd and / separators", async () => {
    mkdirSync(path.join(dir, "notes"), { recursive: true });
    writeFileSync(path.join(dir, "notes", "a.md"), "# A\n");
    const source = await readSource("notes/a.md", { cwd: dir });
    expect(source).toEqual({
      path: path.join(dir, "notes", "a.md"),
      displayPath: "notes/a.md",
      bytes: new Uint8Array(Buffer.from("# A\n")),
      text: "# A\n",
      bom: false,
      problems: [],
    });
  });

  it("records a leading BOM and removes it from the text, keeping it in the bytes", async () => {
    writeFileSync(path.join(dir, "bom.md"), bytes([0xef, 0xbb, 0xbf], "# B\n"));
    const source = await readSource("bom.md", { cwd: dir });
    expect(source.bom).toBe(true);
    expect(source.text).toBe("# B\n");
    expect(source.bytes.length).toBe(7);
    expect(source.problems).toEqual([]);
  });

  it("reports a file over the size limit without reading it", async () => {
    writeFileSync(path.join(dir, "big.md"), "x".repeat(101));
    const source = await readSource("big.md", { cwd: dir, maxBytes: 100 });
    expect(source.problems).toEqual([
      {
        kind: "too-large",
        message: "File is 101 bytes, over the 100-byte limit; it was not read (raise the limit with --max-file-size or maxFileSize in the config)",
      },
    ]);
    expect(source.bytes.length).toBe(0);
    expect(source.text).toBeUndefined();
  });

  it("reads a file of exactly the size limit", async () => {
    writeFileSync(path.join(dir, "edge.md"), "y".repeat(100));
    const source = await readSource("edge.md", { cwd: dir, maxBytes: 100 });
    expect(source.problems).toEqual([]);
    expect(source.text).toBe("y".repeat(100));
  });

  it("defaults the limit to 1 MiB", () => {
    expect(DEFAULT_MAX_FILE_BYTES).toBe(1_048_576);
  });

  it("reports a symbolic link loop as such", async () => {
    symlinkSync(path.join(dir, "loop-b.md"), path.join(dir, "loop-a.md"));
    symlinkSync(path.join(dir, "loop-a.md"), path.join(dir, "loop-b.md"));
    const source = await readSource("loop-a.md", { cwd: dir });
    expect(source.problems).toEqual([{ kind: "symlink-loop", message: "Symbolic link loop; the file cannot be read" }]);
  });

  it("reports a missing file and a dangling link as not found", async () => {
    symlinkSync(path.join(dir, "nowhere.md"), path.join(dir, "dangling.md"));
    for (const name of ["absent.md", "dangling.md"]) {
      const source = await readSource(name, { cwd: dir });
      expect(source.problems).toEqual([{ kind: "unreadable", message: "File not found (or a broken symbolic link)" }]);
    }
  });

  it("reports a directory as not a regular file", async () => {
    mkdirSync(path.join(dir, "folder.md"));
    const source = await readSource("folder.md", { cwd: dir });
    expect(source.problems).toEqual([{ kind: "not-a-file", message: "Not a regular file" }]);
  });

  // Paths no one can open, root included (permission denied is injected: test/load/read-failures.isolated.test.ts).
  it("reports a FIFO as not a regular file, without opening it (a read would block)", async () => {
    execFileSync("mkfifo", [path.join(dir, "pipe.md")]);
    const source = await readSource("pipe.md", { cwd: dir });
    expect(source.problems).toEqual([{ kind: "not-a-file", message: "Not a regular file" }]);
  });

  it("reports a name too long for the file system", async () => {
    const source = await readSource(`${"n".repeat(300)}.md`, { cwd: dir });
    expect(source.problems).toEqual([{ kind: "unreadable", message: "Cannot read file (ENAMETOOLONG)" }]);
  });

  it("reports a path through a file (a file where a directory is expected)", async () => {
    writeFileSync(path.join(dir, "plain.md"), "# plain\n");
    const source = await readSource("plain.md/inner.md", { cwd: dir });
    expect(source.problems).toEqual([{ kind: "unreadable", message: "Cannot read file (ENOTDIR)" }]);
  });
});

describe("decoding (sourceFromBytes)", () => {
  const decode = (data: Uint8Array) => sourceFromBytes("doc.md", data, "/virtual");

  it("reports invalid UTF-8 with its byte offset and the line and column before it", () => {
    const source = decode(bytes("ab\ncd", [0xff], "e\n"));
    expect(source.text).toBeUndefined();
    expect(source.problems).toEqual([{ kind: "invalid-utf8", message: "Invalid UTF-8 byte 0xFF at byte 5", byteOffset: 5, line: 2, column: 3 }]);
  });

  it("counts columns in UTF-16 code units of the valid prefix, and CRLF as one line break", () => {
    const source = decode(bytes("é\r\n日本😀", [0xc0, 0x80]));
    expect(source.problems).toEqual([
      // é (2 bytes) + CRLF + 日本 (6 bytes) + 😀 (4 bytes) = byte 14; 日本😀 is 4 UTF-16 units.
      { kind: "invalid-utf8", message: "Invalid UTF-8 byte 0xC0 at byte 14", byteOffset: 14, line: 2, column: 5 },
    ]);
  });

  it("counts byte offsets from the file start, BOM included, and columns after the BOM", () => {
    const source = decode(bytes([0xef, 0xbb, 0xbf], "x\n", [0xc3, 0x28]));
    expect(source.problems).toEqual([{ kind: "invalid-utf8", message: "Invalid UTF-8 byte 0xC3 at byte 5", byteOffset: 5, line: 2, column: 1 }]);
  });

  it("reports a NUL byte as a binary file", () => {
    const source = decode(bytes("a\nb", [0], "c"));
    expect(source.problems).toEqual([
      { kind: "nul-byte", message: "NUL byte at byte 3: this is a binary file, not a text handoff", byteOffset: 3, line: 2, column: 2 },
    ]);
  });

  it("names a file binary whatever its first byte: a NUL in the first 8000 bytes wins over invalid UTF-8 before it", () => {
    const png = decode(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], "IHDR"));
    expect(png.problems).toEqual([
      { kind: "nul-byte", message: "NUL byte at byte 8: this is a binary file, not a text handoff", byteOffset: 8, line: 3, column: 1 },
    ]);
    expect(decode(bytes("a", [0x80], "b", [0])).problems.map((p) => p.kind)).toEqual(["nul-byte"]);
  });

  it("reports the first problem only: invalid UTF-8 before a NUL byte past the first 8000 bytes", () => {
    const source = decode(bytes("a", [0x80], "b".repeat(8000), [0]));
    expect(source.problems.map((p) => p.kind)).toEqual(["invalid-utf8"]);
  });

  it("reports the first problem only: a NUL byte before invalid UTF-8", () => {
    const source = decode(bytes("a", [0], "b", [0x80]));
    expect(source.problems.map((p) => p.kind)).toEqual(["nul-byte"]);
  });

  it.each([
    ["little-endian", [0xff, 0xfe, 0x23, 0x00]],
    ["big-endian", [0xfe, 0xff, 0x00, 0x23]],
  ])("reports UTF-16 (%s byte order mark)", (_name, data) => {
    const source = decode(bytes(data));
    expect(source.problems).toEqual([
      {
        kind: "utf16",
        message: "File is UTF-16 (byte order mark FF FE or FE FF); handoff documents must be UTF-8",
        byteOffset: 0,
        line: 1,
        column: 1,
      },
    ]);
  });

  it("decodes an empty file to empty text", () => {
    expect(decode(new Uint8Array(0))).toMatchObject({ text: "", bom: false, problems: [] });
  });
});

describe("firstInvalidUtf8", () => {
  it.each<[string, number[], number]>([
    ["ASCII", [0x61, 0x62], -1],
    ["2-, 3- and 4-byte sequences", [0xc3, 0xa9, 0xe6, 0x97, 0xa5, 0xf0, 0x9f, 0x98, 0x80], -1],
    ["a lone continuation byte", [0x61, 0x80], 1],
    ["an overlong 2-byte form (C0 80)", [0xc0, 0x80], 0],
    ["an overlong 3-byte form (E0 80 80)", [0xe0, 0x80, 0x80], 0],
    ["a UTF-16 surrogate (ED A0 80)", [0x61, 0xed, 0xa0, 0x80], 1],
    ["a code point above U+10FFFF (F4 90 80 80)", [0xf4, 0x90, 0x80, 0x80], 0],
    ["F5 and above", [0xf5, 0x80, 0x80, 0x80], 0],
    ["a sequence cut off at the end", [0x61, 0xe6, 0x97], 1],
    ["a bad third byte", [0xe6, 0x97, 0x41], 0],
  ])("%s", (_name, data, expected) => {
    expect(firstInvalidUtf8(new Uint8Array(data))).toBe(expected);
  });
});

describe("toDisplayPath", () => {
  it("is relative to cwd with / separators, and the base name for cwd itself", () => {
    expect(toDisplayPath("/w/a/b.md", "/w")).toBe("a/b.md");
    expect(toDisplayPath("/x/b.md", "/w")).toBe("../x/b.md");
    expect(toDisplayPath("/w", "/w")).toBe("w");
  });
});
