/**
 * The parse leaves out GFM constructs a document cannot contain; the tree must stay exactly the
 * one remark-parse + remark-frontmatter + remark-gfm build, positions included.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { parseMarkdown } from "../../src/2-parse/document/markdown.js";
import { publicCorpusDir } from "../helpers/locations.js";

const reference = unified().use(remarkParse).use(remarkFrontmatter, ["yaml", "toml"]).use(remarkGfm).freeze();

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(?:md|markdown|txt)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Inputs on the edge of each trigger: GFM that needs a trigger, and near-misses that must stay text. */

/** A deterministic stream of fragment soups around the trigger characters. */
function soups(count: number): string[] {
  const fragments = [
    "|",
    ":-",
    "-:",
    "--",
    "-",
    ":",
    "@",
    "www.",
    "ww",
    "w.",
    "http://",
    "htt",
    "&#64;",
    "&#",
    "&commat;",
    "~",
    "[^1]",
    "[ ]",
    "[",
    "]",
    "(",
    ")",
    "`",
    "*",
    "_",
    "<",
    ">",
    "\n",
    "\n\n",
    "  ",
    "- ",
    "1. ",
    "> ",
    "```\n",
    "    ",
    "# ",
    "word",
    "x.y",
    ".",
    "\\",
    "<!-- c -->",
    "é",
  ];
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: count }, () => {
    let text = "";
    const length = 5 + Math.floor(next() * 50);
    for (let i = 0; i < length; i++) text += fragments[Math.floor(next() * fragments.length)];
    return text;
  });
}

describe("parseMarkdown", () => {
  it("builds remark-gfm's tree for 1500 fragment soups", () => {
    for (const text of soups(1500)) expect(parseMarkdown(text), JSON.stringify(text)).toEqual(reference.parse(text));
  });

  it.skipIf(!publicCorpusDir)("builds remark-gfm's tree for every file of corpus-public (skipped when ../shared/corpus-public is absent)", () => {
    const files = filesUnder(publicCorpusDir as string);
    expect(files.length).toBeGreaterThan(70);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      expect(parseMarkdown(text), file).toEqual(reference.parse(text));
    }
  });
});
