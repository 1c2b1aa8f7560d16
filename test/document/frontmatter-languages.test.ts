/**
 * YAML, JSON and TOML frontmatter read into the same data and the same positioned tree, and the
 * split agrees with the Markdown parse whatever the language.
 */
import { describe, expect, it } from "vitest";
import { frontmatterNodeOffsets, readFrontmatter, type Frontmatter } from "../../src/2-parse/document/frontmatter.js";
import { parseDocument } from "../../src/2-parse/document/parse.js";
import { MAX_NESTING_DEPTH } from "../../src/2-parse/document/nesting.js";
import { sourceFromBytes } from "../../src/1-load/read.js";

function frontmatterOf(text: string): Frontmatter {
  const read = readFrontmatter(text);
  if (!read) throw new Error("no frontmatter");
  return read.frontmatter;
}

function documentOf(text: string) {
  return parseDocument(sourceFromBytes("doc.md", new TextEncoder().encode(text), "/virtual"));
}

const YAML = [
  "---",
  "id: h-1",
  "created: 2026-03-05T09:15:00Z",
  "due: 2026-02-30",
  "confidence: 0.8",
  "done: false",
  "tags: [search, reindex]",
  "owner:",
  "  name: Ana",
  "  team: core",
  "steps:",
  "  - name: read",
  "  - name: write",
  "---",
  "",
  "# Body",
  "",
].join("\n");

const JSON_FM = [
  "---json",
  "{",
  '  "id": "h-1",',
  '  "created": "2026-03-05T09:15:00Z",',
  '  "due": "2026-02-30",',
  '  "confidence": 0.8,',
  '  "done": false,',
  '  "tags": ["search", "reindex"],',
  '  "owner": { "name": "Ana", "team": "core" },',
  '  "steps": [{ "name": "read" }, { "name": "write" }]',
  "}",
  "---",
  "",
  "# Body",
  "",
].join("\n");

const TOML = [
  "+++",
  'id = "h-1"',
  "created = 2026-03-05T09:15:00Z",
  'due = "2026-02-30"',
  "confidence = 0.8",
  "done = false",
  'tags = ["search", "reindex"]',
  "",
  "[owner]",
  'name = "Ana"',
  "team = 'core'",
  "",
  "[[steps]]",
  'name = "read"',
  "",
  "[[steps]]",
  'name = "write"',
  "+++",
  "",
  "# Body",
  "",
].join("\n");

const DATA = {
  id: "h-1",
  created: "2026-03-05T09:15:00Z",
  due: "2026-02-30",
  confidence: 0.8,
  done: false,
  tags: ["search", "reindex"],
  owner: { name: "Ana", team: "core" },
  steps: [{ name: "read" }, { name: "write" }],
};

describe("frontmatter languages", () => {
  it.each([
    ["YAML", YAML, "yaml"],
    ["JSON", JSON_FM, "json"],
    ["TOML (+++)", TOML, "toml"],
    ["TOML (---toml)", TOML.replace(/^\+\+\+\n/, "---toml\n").replace(/\n\+\+\+\n/, "\n---\n"), "toml"],
  ])("%s reads into the same data, dates as the text written", (_name, text, language) => {
    const fm = frontmatterOf(text);
    expect(fm.problems).toEqual([]);
    expect(fm.language).toBe(language);
    expect(fm.data).toEqual(DATA);
  });

  it.each([
    ["YAML", YAML, ["h-1", "2026-03-05T09:15:00Z", "Ana", "reindex", "write", "name: Ana\n  team: core\n"]],
    ["JSON", JSON_FM, ['"h-1"', '"2026-03-05T09:15:00Z"', '"Ana"', '"reindex"', '"write"', '{ "name": "Ana", "team": "core" }']],
    ["TOML", TOML, ['"h-1"', "2026-03-05T09:15:00Z", '"Ana"', '"reindex"', '"write"', "[owner]\nname = \"Ana\"\nteam = 'core'"]],
  ])("%s gives each value's exact source span", (_name, text, expected) => {
    const fm = frontmatterOf(text);
    const at = (path: Array<string | number>, which?: "key" | "value") => {
      const { offset, endOffset } = frontmatterNodeOffsets(fm, path, which);
      return text.slice(offset, endOffset);
    };
    expect([at(["id"]), at(["created"]), at(["owner", "name"]), at(["tags", 1]), at(["steps", 1, "name"]), at(["owner", "email"])]).toEqual(expected);
    expect(at(["owner", "team"], "key")).toBe(text.includes('"team"') ? '"team"' : "team");
  });

  it("reads TOML dotted keys and sub-tables of an array of tables into the same nesting", () => {
    const text = '+++\nowner.name = "Ana"\nowner.team = "core"\n[[steps]]\nname = "read"\n[steps.check]\ncmd = "npm test"\n+++\n';
    const fm = frontmatterOf(text);
    expect(fm.data).toEqual({ owner: { name: "Ana", team: "core" }, steps: [{ name: "read", check: { cmd: "npm test" } }] });
    const { offset, endOffset } = frontmatterNodeOffsets(fm, ["steps", 0, "check", "cmd"]);
    expect(text.slice(offset, endOffset)).toBe('"npm test"');
  });

  it("refuses an impossible TOML date-time as TOML does, and keeps one written as a string for the expiry rule", () => {
    expect(frontmatterOf("+++\ndue = 2026-02-30\n+++\n").problems.map((p) => `${p.code} ${p.offset}-${p.endOffset} ${p.message}`)).toEqual([
      "toml-error 19-20 TOML syntax error: Unexpected invalid date",
    ]);
    expect(frontmatterOf('+++\ndue = "2026-02-30"\n+++\n').data).toEqual({ due: "2026-02-30" });
  });

  it.each([
    ["JSON", `---json\n{"a": ${"[".repeat(20_000)}${"]".repeat(20_000)}}\n---\n`, "json-error"],
    ["TOML", `+++\na = ${"[".repeat(20_000)}${"]".repeat(20_000)}\n+++\n`, "toml-error"],
  ])("survives %s nested 20,000 deep with one finding", (_name, text, code) => {
    const fm = frontmatterOf(text);
    expect(fm.problems.map((p) => p.code)).toEqual([code]);
    expect(fm.data).toBeUndefined();
  });

  it("refuses JSON frontmatter past the nesting bound at the first bracket too deep, before it is parsed", () => {
    const at = (depth: number) => frontmatterOf(`---json\n${"[".repeat(depth)}${"]".repeat(depth)}\n---\n`).problems.map((p) => `${p.offset} ${p.message}`);
    expect(at(MAX_NESTING_DEPTH).some((p) => p.includes("nests too deeply"))).toBe(false);
    expect(at(MAX_NESTING_DEPTH + 1)).toEqual([`${8 + MAX_NESTING_DEPTH} JSON syntax error: the frontmatter nests too deeply to be read`]);
  });

  it("reads a JSON __proto__ key as an own key, never as the prototype", () => {
    const fm = frontmatterOf('---json\n{"__proto__": {"polluted": true}}\n---\n');
    expect(Object.getPrototypeOf(fm.data)).toBe(Object.prototype);
    expect(Object.keys(fm.data ?? {})).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("the split, whatever gray-matter's own rules", () => {
  it("does not close the block at a line that only starts with the fence", () => {
    const text = "---\nnote: a\n---x\n----\nb: 2\n---\n\n# T\n";
    const read = readFrontmatter(text);
    expect(read?.location).toMatchObject({ contentStart: 4, contentEnd: 27, end: 31, closed: true });
    expect(read?.frontmatter.raw).toBe("note: a\n---x\n----\nb: 2\n");
  });

  it("reads a CR-only file as its LF copy", () => {
    const lf = readFrontmatter('---json\n{"a": 1}\n---\n# T\n');
    const cr = readFrontmatter('---json\r{"a": 1}\r---\r# T\r');
    expect(cr?.location).toEqual(lf?.location);
    expect(cr?.frontmatter.data).toEqual({ a: 1 });
  });

  it("names languages case-insensitively", () => {
    expect(readFrontmatter('---JSON\n{"a": 1}\n---\n')?.frontmatter).toMatchObject({ language: "json", data: { a: 1 }, problems: [] });
  });

  it.each([
    ["---json", '{"a": 1}', "---"],
    ["---toml", "a = 1", "---"],
    ["---js", "{ a: 1 }", "---"],
  ])("keeps a %s block out of the Markdown parse: the body starts after it", (open, content, close) => {
    const text = `${open}\n${content}\n${close}\n\nBody text.\n`;
    const document = documentOf(text);
    expect(document.bodyOffset).toBe(text.indexOf("\nBody"));
    expect(document.mdast?.children.map((node) => `${node.type} ${node.position?.start.offset}`)).toEqual([`paragraph ${text.indexOf("Body")}`]);
  });

  it("gives a +++ block to remark-frontmatter as a toml node ending where the body starts", () => {
    const text = "+++\na = 1\n+++\n\nBody text.\n";
    const document = documentOf(text);
    expect(document.bodyOffset).toBe(14);
    expect(document.mdast?.children.map((node) => `${node.type} ${node.position?.start.offset}-${node.position?.end.offset}`)).toEqual([
      "toml 0-13",
      "paragraph 15-25",
    ]);
  });
});
