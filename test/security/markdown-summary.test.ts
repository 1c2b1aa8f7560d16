/**
 * Finding #21 of the attacker's review (#32): text from a repository (a file name, a custom
 * section title) put into the Markdown handoffkit writes for a job summary renders as its
 * characters: no HTML, link or image, and it stays in its cell and its code span. Checked by
 * parsing the output with remark (GFM), as GitHub would read it.
 */
import type { Root, RootContent, Table } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { formatGithubSummary } from "../../src/4-report/github.js";
import { markdownCell, markdownCodeCell } from "../../src/4-report/markdown-text.js";
import { formatStatsMarkdown } from "../../src/4-report/stats/format.js";

const HOSTILE = [
  "a`b.md",
  "``x``",
  "`lead",
  "trail`",
  "<img src=https://tracker.example/p.gif>",
  "![x](https://tracker.example/p.gif)",
  "[click](javascript:alert(1))",
  "**bold** _em_ ~~gone~~",
  "cell | break",
  "<h1>Title</h1>",
  "back\\slash\\|",
];

function parse(markdown: string): Root {
  return unified().use(remarkParse).use(remarkGfm).parse(markdown);
}

function nodesOf(node: Root | RootContent, type: string): RootContent[] {
  const found: RootContent[] = [];
  const visit = (n: Root | RootContent) => {
    if (n.type === type) found.push(n as RootContent);
    if ("children" in n) for (const child of n.children) visit(child);
  };
  visit(node);
  return found;
}

/** Links a reader could be misled by: any but a bare URL written as itself (GFM's autolink literal). */
function disguisedLinks(root: Root): RootContent[] {
  return nodesOf(root, "link").filter((link) => cellText(link) !== (link as { url: string }).url);
}

/** The plain text a cell renders to. */
function cellText(node: RootContent): string {
  if (node.type === "text" || node.type === "inlineCode") return node.value;
  return "children" in node ? node.children.map((c) => cellText(c)).join("") : "";
}

describe("#21 Markdown for a job summary", () => {
  it.each(HOSTILE)("a code span holds %j exactly (escaped text when it holds \\|)", (text) => {
    const root = parse(`| a | b |\n| --- | --- |\n| ${markdownCodeCell(text)} | end |\n`);
    const table = nodesOf(root, "table")[0] as Table;
    expect(table.children[1]!.children).toHaveLength(2);
    expect(cellText(table.children[1]!.children[0]!)).toBe(text);
    if (!text.includes("\\|")) expect(nodesOf(root, "inlineCode").map((c) => (c as { value: string }).value)).toEqual([text]);
  });

  it.each(HOSTILE)("a text cell renders %j as its characters", (text) => {
    const root = parse(`| a | b |\n| --- | --- |\n| ${markdownCell(text)} | end |\n`);
    for (const type of ["html", "image", "emphasis", "strong", "delete", "inlineCode"]) expect(nodesOf(root, type)).toEqual([]);
    expect(disguisedLinks(root)).toEqual([]);
    const table = nodesOf(root, "table")[0] as Table;
    const cells = table.children[1]!.children;
    expect(cells).toHaveLength(2);
    expect(cellText(cells[0]!)).toBe(text);
  });

  it("stats --format markdown and the lint job summary keep hostile names and titles in their cells", () => {
    const report = {
      files: 2,
      handoffs: 2,
      pointers: 0,
      other: 0,
      figures: HOSTILE.map((label, i) => ({ id: `section:${label}`, label, count: i, total: 2, share: 0 })),
      worst: HOSTILE.map((path) => ({ path, errors: 1, warnings: 0 })),
    };
    const root = parse(formatStatsMarkdown(report));
    expect(nodesOf(root, "html")).toEqual([]);
    expect(nodesOf(root, "image")).toEqual([]);
    expect(disguisedLinks(root)).toEqual([]);
    const tables = nodesOf(root, "table") as Table[];
    expect(tables.map((t) => t.children.length)).toEqual([HOSTILE.length + 1, HOSTILE.length + 1]);
    expect(tables[1]!.children.slice(1).map((row) => cellText(row.children[0]!))).toEqual(HOSTILE);
    const summary = parse(
      formatGithubSummary(
        HOSTILE.map((path) => ({
          path,
          profile: "generic",
          diagnostics: [{ ruleId: "x", severity: "error", message: path, line: 1, column: 1 }],
          internalErrors: [],
        })) as never,
        { cwd: "/repo", repositoryRoot: "/repo" },
      ),
    );
    expect(nodesOf(summary, "html")).toEqual([]);
    expect(nodesOf(summary, "image")).toEqual([]);
    expect(disguisedLinks(summary)).toEqual([]);
  });
});
