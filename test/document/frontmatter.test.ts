import { describe, expect, it } from "vitest";
import { frontmatterNodeOffsets, locateFrontmatter, readFrontmatter, type Frontmatter } from "../../src/2-parse/document/frontmatter.js";
import { parseDocument } from "../../src/2-parse/document/parse.js";
import { LineIndex } from "../../src/2-parse/document/position.js";
import { sourceFromBytes } from "../../src/1-load/read.js";

/** Parses the frontmatter of `text` (which must open one). */
function frontmatterOf(text: string): Frontmatter {
  const read = readFrontmatter(text, new LineIndex(text));
  if (!read) throw new Error("no frontmatter");
  return read.frontmatter;
}

/** Problems as `code offset-endOffset message`. */
function problemsOf(text: string): string[] {
  const document = parseDocument(sourceFromBytes("doc.md", new TextEncoder().encode(text), "/virtual"));
  return (document.frontmatter?.problems ?? []).map((p) => `${p.code} ${p.offset}-${p.endOffset} ${p.message}`);
}

describe("locateFrontmatter", () => {
  it("finds a YAML block with exact offsets", () => {
    expect(locateFrontmatter("---\na: 1\n---\n# T\n")).toEqual({
      language: "yaml",
      start: 0,
      end: 13,
      contentStart: 4,
      contentEnd: 9,
      closed: true,
      bareFence: true,
    });
  });

  it("finds the same block in a CRLF file, with offsets counting the CRs", () => {
    expect(locateFrontmatter("---\r\na: 1\r\n---\r\n# T\r\n")).toEqual({
      language: "yaml",
      start: 0,
      end: 16,
      contentStart: 5,
      contentEnd: 11,
      closed: true,
      bareFence: true,
    });
  });

  it("accepts trailing spaces on both fences and a closing fence at the end of the text", () => {
    expect(locateFrontmatter("---  \na: 1\n---\t")).toMatchObject({ contentStart: 6, contentEnd: 11, end: 15, closed: true });
  });

  it.each([
    ["+++\na = 1\n+++\n", "toml", 4],
    ["---js\n{}\n---\n", "js", 6],
    ["---JSON\n{}\n---\n", "json", 8],
    ["---coffee\nx\n---\n", "coffee", 10],
  ])("names the language of %j", (text, language, contentStart) => {
    expect(locateFrontmatter(text)).toMatchObject({ language, contentStart, closed: true });
  });

  it("closes a +++ block only with +++", () => {
    expect(locateFrontmatter("+++\na = 1\n---\n")).toMatchObject({ language: "toml", closed: false, end: 14 });
  });

  it("reports a block that is never closed", () => {
    expect(locateFrontmatter("---\na: 1\n# T\n")).toEqual({
      language: "yaml",
      start: 0,
      end: 13,
      contentStart: 4,
      contentEnd: 13,
      closed: false,
      bareFence: false,
    });
  });

  it.each([["# T\n---\na: 1\n---\n"], ["----\na: 1\n----\n"], ["--- x\n"], ["\n---\na: 1\n---\n"]])("finds no block in %j", (text) => {
    expect(locateFrontmatter(text)).toBeUndefined();
  });
});

describe("parseFrontmatter", () => {
  it("keeps dates and timestamps as text: 2026-02-30 is not rolled over to March 2", () => {
    const fm = frontmatterOf("---\ndue: 2026-02-30\ncreated: 2026-03-05T09:15:00Z\nflag: yes\nn: 12\nok: true\n---\n");
    expect(fm.data).toEqual({ due: "2026-02-30", created: "2026-03-05T09:15:00Z", flag: "yes", n: 12, ok: true });
    expect(fm.problems).toEqual([]);
  });

  it("keeps the raw text and its offset", () => {
    const fm = frontmatterOf("---\na: 1\n---\nbody\n");
    expect(fm).toMatchObject({ language: "yaml", raw: "a: 1\n", contentOffset: 4 });
    expect(fm.range).toEqual({ start: { line: 1, column: 1, offset: 0 }, end: { line: 4, column: 1, offset: 13 } });
  });

  it("reads an empty block as an empty map", () => {
    expect(frontmatterOf("---\n---\n").data).toEqual({});
  });

  it("refuses an anchor and an alias in one problem, at the first of them", () => {
    const text = "---\nteam: &t [a, b]\nreview: *t\n---\n";
    expect(problemsOf(text)).toEqual([
      "alias 10-12 YAML anchors and aliases are not allowed in frontmatter (aliases can expand without bound): anchor '&t', alias '*t'",
    ]);
    expect(text.slice(10, 12)).toBe("&t");
    expect(problemsOf("---\nreview: *t\n---\n")).toEqual([
      "alias 12-14 YAML aliases are not allowed in frontmatter (aliases can expand without bound): alias '*t'",
    ]);
    expect(frontmatterOf(text).data).toBeUndefined();
  });

  it("points at an anchor written on the line before its value", () => {
    const text = "---\nlist: &items\n  - a\n---\n";
    expect(problemsOf(text)).toEqual(["anchor 10-16 YAML anchors are not allowed in frontmatter: anchor '&items'"]);
  });

  it("refuses a merge key's alias (no `<<` merging)", () => {
    expect(problemsOf("---\nbase: &b {x: 1}\nmore:\n  <<: *b\n---\n").map((p) => p.split(" ")[0])).toEqual(["alias"]);
  });

  it("refuses a collection as a key (an unfilled {{PLACEHOLDER}}) and prints no warning of its own", async () => {
    const text = "---\nfeature: {{FEATURE_SLUG}}\n---\n";
    const warnings: string[] = [];
    const listener = (warning: Error) => warnings.push(warning.message);
    process.on("warning", listener);
    try {
      expect(problemsOf(text)).toEqual([
        "yaml-error 14-28 Frontmatter key '{FEATURE_SLUG}' is a YAML collection; keys must be plain text (an unfilled template placeholder?)",
      ]);
      // process warnings are emitted on a later tick
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", listener);
    }
    expect(warnings).toEqual([]);
  });

  it("reports a duplicate key at the second occurrence, by name", () => {
    const text = "---\nstatus: open\nowner: me\nstatus: closed\n---\n";
    expect(problemsOf(text)).toEqual(["duplicate-key 27-28 Duplicate frontmatter key 'status'"]);
    expect(text.slice(27, 33)).toBe("status");
  });

  it("reports a YAML syntax error where the yaml package finds it (here: the end of the block), without its position suffix", () => {
    expect(problemsOf("---\na: [1, 2\n---\n")).toEqual([
      "yaml-error 13-14 YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]",
    ]);
  });

  it.each([
    ["a list", "---\n- a\n- b\n---\n", "not-a-map 4-12"],
    ["a bare string", "---\njust text\n---\n", "not-a-map 4-13"],
  ])("refuses %s", (_name, text, where) => {
    expect(problemsOf(text)).toEqual([`${where} Frontmatter must be a YAML mapping of keys to values`]);
  });

  it.each([
    ["---js\n{ a: process.exit(3) }\n---\n", "unsupported-language 0-6 Unsupported frontmatter language '---js'"],
    ["---coffee\na: 1\n---\n", "unsupported-language 0-10 Unsupported frontmatter language '---coffee'"],
    ["---JavaScript\n{}\n---\n", "unsupported-language 0-14 Unsupported frontmatter language '---javascript'"],
    ["---constructor\n{}\n---\n", "unsupported-language 0-15 Unsupported frontmatter language '---constructor'"],
    ["+++js\na = 1\n+++\n", "unsupported-language 0-6 Unsupported frontmatter language '+++js'"],
  ])("never parses %j and reports it as unsupported", (text, expected) => {
    expect(problemsOf(text)).toEqual([`${expected}: handoffkit reads YAML, JSON and TOML frontmatter and never evaluates a block`]);
    expect(frontmatterOf(text)).toMatchObject({ data: undefined, tree: undefined });
  });

  it("reports an unclosed block over its opening fence, the same for LF and CRLF", () => {
    const message = "Frontmatter opened on line 1 is never closed; the document is read as Markdown without frontmatter";
    expect(problemsOf("---\na: 1\n\n# T\n")).toEqual([`unclosed 0-3 ${message}`]);
    expect(problemsOf("---\r\na: 1\r\n\r\n# T\r\n")).toEqual([`unclosed 0-3 ${message}`]);
    expect(problemsOf("---js\na: 1\n")).toEqual([`unclosed 0-5 ${message}`]);
  });
});

describe("frontmatterNodeOffsets", () => {
  const text = "---\nid: x1\nowner:\n  name: Ana\n  teams: [core, web]\n---\n";
  const fm = frontmatterOf(text);
  const at = (path: Array<string | number>, which?: "value" | "key") => {
    const { offset, endOffset } = frontmatterNodeOffsets(fm, path, which);
    return text.slice(offset, endOffset);
  };

  it("locates a value, a nested value and a list item", () => {
    expect(at(["id"])).toBe("x1");
    expect(at(["owner", "name"])).toBe("Ana");
    expect(at(["owner", "teams", 1])).toBe("web");
  });

  it("locates a key when asked", () => {
    expect(at(["owner"], "key")).toBe("owner");
    expect(at(["owner", "teams"], "key")).toBe("teams");
  });

  it("falls back to the nearest existing parent for a path that is not there", () => {
    expect(at(["owner", "email"])).toBe("name: Ana\n  teams: [core, web]\n");
    expect(at(["owner", "teams", 7])).toBe("[core, web]");
  });

  it("falls back to the opening fence when nothing could be read", () => {
    const js = frontmatterOf("---js\n{ a: 1 }\n---\n");
    expect(frontmatterNodeOffsets(js, ["a"])).toEqual({ offset: 0, endOffset: 3 });
  });
});
