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
import { GFM_ALL, GFM_AUTOLINK_TRANSFORM, GFM_EMAIL, GFM_TABLE, GFM_URL, gfmFeatures, parseMarkdown } from "../../src/2-parse/document/markdown.js";
import { repoRoot } from "../helpers/locations.js";

const reference = unified().use(remarkParse).use(remarkFrontmatter, ["yaml", "toml"]).use(remarkGfm).freeze();

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(?:md|markdown|txt)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Inputs on the edge of each trigger: GFM that needs a trigger, and near-misses that must stay text. */
const EDGES = [
  "abc\n:--\n",
  "abc\n--:\nx",
  "a\n-:",
  "a\n:-:\n| b",
  "> | a |\n> |---|",
  "| a |\n| - |\n| b |",
  "a | b\n--|--\n1 | 2",
  "`a|b` and a\\|b",
  "user&#64;example.com",
  "user&#x40;example.com",
  "a &commat; b.com x&commat;y.com",
  "&#104;ttp://x.y and ww&#119;.example.com",
  "WWW.EXAMPLE.COM and HTTPS://X.Y/path?q=1",
  "x@y.z, mailto:a@b.c, xmpp:a@b.c/r",
  "<https://x.y> www.x http",
  "[^1]: note\n\nsee[^1]",
  "~~del~~ ~a~",
  "- [ ] todo\n- [x] done",
  "---\ntitle: x\n---\n# a\n\nwww.example.com",
  "plain text: nothing GFM at all, 10:30 - done",
  "`http://x.y` [link](http://x.y) <!-- me@x.y -->\n\n```\nwww.x.y\n```",
  "[www.x.y and me@x.y](u) ![HTTP://x.y](i)",
  "**Www.x.y**, _x@y.z_ and [a]: http://ref.y",
];

/** A deterministic stream of fragment soups around the trigger characters. */

describe("parseMarkdown", () => {
  it("names the GFM work a text needs", () => {
    expect(gfmFeatures("plain words, 10:30 - done")).toBe(0);
    expect(gfmFeatures("a | b")).toBe(GFM_TABLE);
    expect(gfmFeatures("abc\n:--")).toBe(GFM_TABLE);
    expect(gfmFeatures("me@example.com")).toBe(GFM_EMAIL | GFM_AUTOLINK_TRANSFORM);
    expect(gfmFeatures("see https://x.y")).toBe(GFM_URL | GFM_AUTOLINK_TRANSFORM);
    expect(gfmFeatures("me&#64;example.com")).toBe(GFM_AUTOLINK_TRANSFORM);
    expect(gfmFeatures("WWW.X.Y | me@x.y")).toBe(GFM_ALL);
  });

  it("builds remark-gfm's tree for edge cases of every trigger", () => {
    for (const text of EDGES) expect(parseMarkdown(text), JSON.stringify(text)).toEqual(reference.parse(text));
  });

  it("builds remark-gfm's tree for every Markdown file of corpus/ and test/fixtures", () => {
    const files = [...filesUnder(path.join(repoRoot, "corpus")), ...filesUnder(path.join(repoRoot, "test/fixtures"))];
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      expect(parseMarkdown(text), file).toEqual(reference.parse(text));
    }
  });
});
