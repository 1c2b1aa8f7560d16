/**
 * gray-matter splits every frontmatter block, and only our engines read one: none of gray-matter's
 * default engines (`yaml` = js-yaml, `json` = JSON.parse, `javascript` = eval) ever runs, its
 * content cache is never filled, and each engine receives exactly gray-matter's block.
 */
import { existsSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import matter from "gray-matter";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { FRONTMATTER_ENGINES, REFUSED_ENGINE, readFrontmatter } from "../../src/2-parse/document/frontmatter.js";
import { parseDocument } from "../../src/2-parse/document/parse.js";
import { sourceFromBytes } from "../../src/1-load/read.js";

const marker = path.join(os.tmpdir(), `handoffkit-engine-marker-${process.pid}`);
/** Writes the marker file when evaluated (as gray-matter's default `javascript` engine would). */
const payload = `{ owner: require("node:fs").writeFileSync(${JSON.stringify(marker)}, "evaluated") }`;

type GrayMatter = typeof matter & {
  cache: Record<string, unknown>;
  clearCache(): void;
  engines: Record<string, { parse: (text: string, options?: unknown) => unknown }>;
};
const grayMatter = matter as GrayMatter;

function problemsOf(text: string): string[] {
  const document = parseDocument(sourceFromBytes("doc.md", new TextEncoder().encode(text), "/virtual"));
  return (document.frontmatter?.problems ?? []).map((p) => `${p.code} ${p.offset}-${p.endOffset} ${p.message}`);
}

afterEach(() => {
  vi.restoreAllMocks();
  rmSync(marker, { force: true });
});

describe("gray-matter's default engines", () => {
  it("would evaluate the payload (positive control: the checks below can fail)", () => {
    grayMatter.engines.javascript?.parse(payload);
    expect(existsSync(marker)).toBe(true);
  });

  it("never run, for any language, and the ---js / ---javascript / ---coffee payloads never execute", () => {
    const defaults = ["yaml", "json", "javascript"].map((name) => vi.spyOn(grayMatter.engines[name] as { parse: () => unknown }, "parse"));
    // The spies sit on the gray-matter instance the parser uses: it detects each language twice
    // (once when the engine table is chosen, once inside gray-matter's own split).
    const language = vi.spyOn(grayMatter, "language");
    const languages = ["", "yaml", "yml", "json", "toml", "js", "javascript", "JavaScript", "coffee", "coffeescript", "cson", "constructor", "unknown"];
    for (const name of languages) {
      for (const fence of ["---", "+++"]) {
        const text = `${fence}${name}\n${payload}\n${fence}\n\n# Body\n`;
        parseDocument(sourceFromBytes("doc.md", new TextEncoder().encode(text), "/virtual"));
      }
    }
    expect(language).toHaveBeenCalledTimes(languages.length * 2 * 2);
    for (const spy of defaults) expect(spy).not.toHaveBeenCalled();
    expect(existsSync(marker)).toBe(false);
  });
});

describe("gray-matter's cache", () => {
  it("fills when gray-matter is called without options (control)", () => {
    grayMatter.clearCache();
    grayMatter("---\na: 1\n---\n");
    expect(Object.keys(grayMatter.cache)).toHaveLength(1);
    grayMatter.clearCache();
  });

  it("is never filled or read: the same broken text gives the same finding twice", () => {
    grayMatter.clearCache();
    const text = "---\nstatus: [open\n---\n# T\n";
    const expected = ["yaml-error 18-19 YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]"];
    expect(problemsOf(text)).toEqual(expected);
    expect(problemsOf(text)).toEqual(expected);
    const refused = "---js\n{}\n---\n";
    expect(problemsOf(refused)).toEqual(problemsOf(refused));
    expect(Object.keys(grayMatter.cache)).toEqual([]);
  });
});

describe("what reaches each engine", () => {
  let spies: Record<string, MockInstance>;
  beforeEach(() => {
    spies = {
      yaml: vi.spyOn(FRONTMATTER_ENGINES.yaml as { parse: () => unknown }, "parse"),
      json: vi.spyOn(FRONTMATTER_ENGINES.json as { parse: () => unknown }, "parse"),
      toml: vi.spyOn(FRONTMATTER_ENGINES.toml as { parse: () => unknown }, "parse"),
      refused: vi.spyOn(REFUSED_ENGINE, "parse"),
    };
  });

  // [document, engine, block gray-matter hands over, text between the fences the engine reads]
  it.each([
    ["---\nowner: me\n---\n# T\n", "yaml", "\nowner: me", "owner: me\n"],
    ["---yaml\nowner: me\n---\n", "yaml", "\nowner: me", "owner: me\n"],
    ["---  \nowner: me\n---\t\n", "yaml", "  \nowner: me", "owner: me\n"],
    ["---\r\nowner: me\r\n---\r\n", "yaml", "\r\nowner: me\r", "owner: me\r\n"],
    ['---json\n{"owner": "me"}\n---\n', "json", '\n{"owner": "me"}', '{"owner": "me"}\n'],
    ["+++\nowner = 'me'\n+++\n", "toml", "\nowner = 'me'", "owner = 'me'\n"],
    ["---toml\nowner = 'me'\n---\n", "toml", "\nowner = 'me'", "owner = 'me'\n"],
    [`---js\n${payload}\n---\n`, "refused", `\n${payload}`, `${payload}\n`],
    [`---javascript\n${payload}\n---\n`, "refused", `\n${payload}`, `${payload}\n`],
    [`---coffee\n${payload}\n---\n`, "refused", `\n${payload}`, `${payload}\n`],
    ["---\n---\n", "yaml", "", ""],
    ["---js\n---\n", "refused", "", ""],
    ["---json\n# note\n---\n", "json", "\n# note", "# note\n"],
  ])("%j goes to the %s engine once, as exactly its block", (text, engine, block, raw) => {
    const read = readFrontmatter(text);
    expect(read?.frontmatter.raw).toBe(raw);
    for (const [name, spy] of Object.entries(spies)) {
      expect(spy.mock.calls.map((call) => call[0])).toEqual(name === engine ? [block] : []);
    }
    expect(existsSync(marker)).toBe(false);
  });
});
