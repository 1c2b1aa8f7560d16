import { describe, expect, it } from "vitest";
import type { HandoffDocument } from "../../src/2-parse/document/model.js";
import { parseDocument } from "../../src/2-parse/document/parse.js";
import { isSectionEmpty, type Section } from "../../src/2-parse/document/sections.js";
import { sourceFromBytes } from "../../src/1-load/read.js";

function parse(text: string): HandoffDocument {
  return parseDocument(sourceFromBytes("doc.md", new TextEncoder().encode(text), "/virtual"));
}

/** A section as `depth style "title" role heading-range`. */
function summary(section: Section): string {
  const h = section.headingRange;
  return `${section.depth} ${section.style} ${JSON.stringify(section.title)} ${section.role ?? "-"} ${h.start.line}:${h.start.column}-${h.end.line}:${h.end.column}`;
}

describe("sections", () => {
  const text = [
    "---", //                                                       1
    "owner: me", //                                                 2
    "---", //                                                       3
    "", //                                                          4
    "# Title ##", //                                                5
    "", //                                                          6
    "intro", //                                                     7
    "", //                                                          8
    "Sub", //                                                       9
    "---", //                                                       10
    "", //                                                          11
    "text", //                                                      12
    "", //                                                          13
    "## **Next** _steps_ with `code` and [a link](https://x.y) ##", // 14
    "", //                                                          15
    "- a", //                                                       16
    "", //                                                          17
    "```md", //                                                     18
    "## Not a section: in a code fence", //                         19
    "```", //                                                       20
    "", //                                                          21
    "<!--", //                                                      22
    "## Not a section: in an HTML comment", //                      23
    "-->", //                                                       24
    "", //                                                          25
    "> ## Not a section: in a blockquote", //                       26
    "", //                                                          27
    "- ## Not a section: in a list", //                             28
    "", //                                                          29
    "### Cafe\u0301 deep", //                                       30
    "", //                                                          31
    "more", //                                                      32
    "", //                                                          33
    "Second", //                                                    34
    "======", //                                                    35
  ].join("\n");
  const document = parse(`${text}\n`);

  it("lists ATX (with closing #s) and setext headings, not those in fences, comments, quotes or lists, nor the frontmatter", () => {
    expect(document.sections.map(summary)).toEqual([
      '1 atx "Title" - 5:1-5:11',
      '2 setext "Sub" - 9:1-10:4',
      '2 atx "Next steps with code and a link" next-action 14:1-14:61',
      '3 atx "Café deep" - 30:1-30:15',
      '1 setext "Second" - 34:1-35:7',
    ]);
  });

  it("strips inline markup and composes titles to NFC", () => {
    const cafe = document.sections[3] as Section;
    expect(cafe.title).toBe("Caf\u00e9 deep");
    expect(cafe.title).not.toBe("Cafe\u0301 deep");
    expect(cafe.normalized).toBe("café deep");
  });

  it("gives each section its range up to the next heading of the same or a higher level, trailing blank lines trimmed", () => {
    expect(document.sections.map((s) => `${s.range.start.line}:${s.range.start.column}-${s.range.end.line}:${s.range.end.column}`)).toEqual([
      "5:1-32:5",
      "9:1-12:5",
      "14:1-32:5",
      "30:1-32:5",
      "34:1-35:7",
    ]);
  });

  it("separates content (down to the next same-level heading) from own content (down to any heading)", () => {
    const next = document.sections[2] as Section;
    expect(next.content.map((n) => n.type)).toEqual(["list", "code", "html", "blockquote", "list", "heading", "paragraph"]);
    expect(next.ownContent.map((n) => n.type)).toEqual(["list", "code", "html", "blockquote", "list"]);
    expect(document.sections.map((s) => s.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it("does not read a ---js block as a setext heading", () => {
    expect(parse("---js\nfoo\n---\n\n# Only\n").sections.map(summary)).toEqual(['1 atx "Only" - 5:1-5:7']);
  });

  it("gives identical sections for LF and CRLF", () => {
    const crlf = parse(`${text.replace(/\n/g, "\r\n")}\r\n`);
    expect(crlf.sections.map(summary)).toEqual(document.sections.map(summary));
  });
});

describe("isSectionEmpty", () => {
  const firstSection = (body: string) => parse(`## Next steps\n\n${body}`).sections[0] as Section;

  it.each([
    ["nothing", ""],
    ["TBD", "TBD\n"],
    ["a TODO list item", "- TODO\n"],
    ["N/A", "N/A\n"],
    ["an ellipsis", "…\n"],
    ["a dash", "-\n"],
    ["question marks", "???\n"],
    ["an angle-bracket placeholder", "<fill in the next step>\n"],
    ["(fill in)", "(fill in)\n"],
    ["an HTML comment only", "<!-- write the next step here -->\n"],
  ])("is empty with %s", (_name, body) => {
    expect(isSectionEmpty(firstSection(body))).toBe(true);
  });

  it.each([
    ["a sentence", "Run the tests.\n"],
    // "None." is an answer (no blockers), not a placeholder.
    ["None.", "None.\n"],
    ["a code block", "```sh\nnpm test\n```\n"],
    ["a table", "| a |\n| --- |\n| 1 |\n"],
    ["a sub-section with text", "### Later\n\ndeploy\n"],
  ])("is not empty with %s", (_name, body) => {
    expect(isSectionEmpty(firstSection(body))).toBe(false);
  });

  it("is empty with only an empty sub-section heading", () => {
    expect(isSectionEmpty(firstSection("### Later\n"))).toBe(true);
  });
});
