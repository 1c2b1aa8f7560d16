/**
 * The `handoff` markdownlint preset: each rule it keeps reports the breakage it is there for, with
 * the fix that holds for a handoff, and not the shapes that render as the writer meant.
 */
import { describe, expect, it } from "vitest";
import { markdownlint } from "../../rules/markdownlint.js";
import type { HandoffConfig } from "../../src/3-check/engine/config.js";
import type { SeveritySetting } from "../../src/3-check/engine/diagnostic.js";
import { createSession, lintText } from "../../src/3-check/lint.js";

/** markdownlint findings as `line ruleId severity message`. */
function lint(text: string, config: HandoffConfig = {}, ruleOverrides?: Record<string, SeveritySetting>): string[] {
  const session = createSession({ cwd: "/virtual", rules: [markdownlint], config, ruleOverrides });
  const result = lintText("doc.md", text, session);
  expect(result.internalErrors).toEqual([]);
  return result.diagnostics.map((d) => `${d.line} ${d.ruleId} ${d.severity} ${d.message}`);
}

const ids = (text: string, config?: HandoffConfig, ruleOverrides?: Record<string, SeveritySetting>) =>
  lint(text, config, ruleOverrides).map((line) => line.split(" ").slice(0, 2).join(" "));

/** A prose line long enough to have been wrapped by an editor. */
const LONG = "The deploy finished after the cache warmed up, and the colours settled on";

describe("handoff preset: a wrapped line read as a list (MD032, MD004)", () => {
  it("reports a top-level wrapped line starting with '+ ' or '1. ', with the fix that keeps it prose", () => {
    expect(lint(`# T\n\n${LONG}\n+ teal on cream for the sidebar.\n`)).toEqual([
      "4 MD032 warning Lists should be surrounded by blank lines: this line continues the sentence above but starts with '+ ', so it renders as a list item; " +
        "re-wrap the paragraph so the line does not start with '+', or escape the marker as '\\+' (changing the marker or its indentation keeps the list) " +
        '[Context: "+ teal on cream for the sideba..."]',
    ]);
    expect(lint(`# T\n\n${LONG}\n1. small change in the palette.\n`)[0]).toContain(
      "starts with '1. ', so it renders as a list item; re-wrap the paragraph so the line does not start with '1.', or escape the marker as '1\\.'",
    );
  });

  it("reports a wrapped line inside a list item that becomes a nested list (markdownlint says MD004 and would have the marker changed)", () => {
    const text = `# T\n\n- ${LONG}\n  + teal on cream for the sidebar.\n- Second item.\n`;
    expect(lint(text)).toEqual([
      "4 MD004 warning Unordered list style [Expected: dash; Actual: plus]: this line continues the sentence above but starts with '+ ', so it renders as a nested list item; " +
        "re-wrap the paragraph so the line does not start with '+', or escape the marker as '\\+' (changing the marker or its indentation keeps the list)",
    ]);
  });

  it("does not report lists the writer meant: after a label, after a short line, indented as a sub-point, with several items or in capitals", () => {
    expect(ids("# T\n\nNext steps:\n- run the migration\n")).toEqual([]);
    expect(ids("# T\n\nNext steps\n- run the migration\n")).toEqual([]);
    expect(ids(`# T\n\n${LONG}\n  - sub-point set apart by its indentation\n`)).toEqual([]);
    expect(ids(`# T\n\n${LONG}\n- first thing\n- second thing\n`)).toEqual([]);
    expect(ids(`# T\n\n${LONG}\n- Next: a sentence of its own.\n`)).toEqual([]);
    expect(ids(`# T\n\n${LONG}.\n- full stop above, a list below.\n`)).toEqual([]);
    // Another marker style in a nested list the writer meant (three items): MD004 stays quiet.
    expect(ids("# T\n\n- Tools:\n  * one\n  * two\n  * three\n")).toEqual([]);
  });
});

describe("handoff preset: headings without a space (MD018)", () => {
  it("reports '#Word' starting a block: it renders as text, not a heading", () => {
    expect(lint("# T\n\n#Decisions\n\ntext\n")).toEqual([
      "3 MD018 warning No space after hash on atx style heading: the line renders as text, not as a heading; put a space after the '#' [Context: \"#Decisions\"]",
    ]);
  });

  it("does not report an issue number or a hashtag at the start of a wrapped line, nor a number alone", () => {
    expect(ids(`# T\n\n${LONG}\n#123 which is still open.\n`)).toEqual([]);
    expect(ids(`# T\n\n${LONG}\n#frontend before the release.\n`)).toEqual([]);
    expect(ids("# T\n\n#42 is the tracking issue.\n")).toEqual([]);
  });
});

describe("handoff preset: list numbers (MD029)", () => {
  it("reports an item rendered with another number than the one written", () => {
    expect(lint("# T\n\n1. one\n3. three\n")).toEqual([
      "4 MD029 warning Ordered list item prefix [written 3, rendered as 2]: Markdown numbers a list's items on from the first item's number, " +
        "so a reference to item 3 points elsewhere; renumber the list",
    ]);
    expect(ids("# T\n\n1. one\n3. three\n4. four\n")).toEqual(["4 MD029", "5 MD029"]);
  });

  it("reports a wrapped line starting with a count as a wrapped line, not as numbering to fix", () => {
    expect(lint(`# T\n\n1. Ship the fix.\n2. ${LONG}\n10. minutes later the queue drained.\n`)).toEqual([
      "5 MD029 warning Ordered list item prefix [written 10, rendered as 3]: this line continues the sentence above but starts with '10. ', so it renders as item 3 of the list; " +
        "re-wrap the paragraph so the line does not start with '10.', or escape the marker as '10\\.' (changing the marker or its indentation keeps the list)",
    ]);
  });

  it("does not report a list continuing its numbers after a heading, a list of 1s, or an ordinal inside an item's sentence", () => {
    expect(ids("# T\n\n1. one\n2. two\n\n## More\n\n3. three\n4. four\n")).toEqual([]);
    expect(ids("# T\n\n1. one\n1. two\n1. three\n")).toEqual([]);
    expect(ids(`# T\n\n1. ${LONG}\n   2. place in the queue, as it was before.\n2. two\n`)).toEqual([]);
  });
});

describe("handoff preset: emphasis, code blocks, tables, links", () => {
  it("reports spaces inside bold markers, not single '*' or '_' (cron fields, file names)", () => {
    expect(lint("# T\n\nThis is **important **.\n")).toEqual([
      '3 MD037 warning Spaces inside emphasis markers: the markers render as literal characters, not bold; remove the space between each marker and the text [Context: "t **"]',
    ]);
    expect(ids("# T\n\nRuns at 0 8 * * * daily.\n\nFiles: _INDEX.md, _TEMPLATE.md\n")).toEqual([]);
  });

  it("reports text indented into a code block in a document that fences its code", () => {
    expect(lint("# T\n\n```sh\nnpm test\n```\n\n    This note was indented by mistake.\n")).toEqual([
      "7 MD046 warning Code block style [Expected: fenced; Actual: indented]: this text is indented 4 spaces or more after a blank line, so it renders as a code block; unindent it, or fence it with ``` when it is code",
    ]);
    expect(ids("# T\n\n    indented first\n\n```sh\nnpm test\n```\n")).toEqual([]);
  });

  it("reports a '|' that splits a cell and a line that joins the table, each with its fix", () => {
    expect(lint("# T\n\n| flag | meaning |\n| --- | --- |\n| `a|b` | either |\n")).toEqual([
      "5 MD056 warning Table column count [Expected: 2; Actual: 3]: a '|' inside a cell splits it, and the cells past the header's are not shown; escape it as '\\|' (also inside `code`)",
    ]);
    expect(lint("# T\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\nThe table above is from Monday.\n")).toEqual([
      "6 MD056 warning Table column count [Expected: 2; Actual: 1]: this line follows the table without a blank line, so it renders as a table row; put a blank line after the table",
    ]);
  });

  it("reports reversed, empty, dangling and undefined links with markdownlint's messages", () => {
    expect(ids("# T\n\n(docs)[https://example.com]\n\n[here]()\n\n[a](#nowhere)\n\n[b][undefined]\n\n[ok]: https://example.com\n")).toEqual([
      "3 MD011",
      "5 MD042",
      "7 MD051",
      "9 MD052",
    ]);
  });

  it("reads brackets as notation in a document that defines no reference, but still reports an image there", () => {
    expect(ids("# T\n\n- Buttons: camera [front][back], pencil, cross\n- Cite as [claim][K] after each fact\n\n![plan][diagram]\n")).toEqual(["6 MD052"]);
    // A run of labels: strategies [A][B][C], grades [x][y][z][w].
    expect(ids("# T\n\n用户截图: [A][B][C] 三策略, [B] 和 [C] 的 TP\n\nGrades [x][y][z][w] per run.\n")).toEqual([]);
    expect(ids("# T\n\nSee [A][B][C] and [D][E].\n\n[E]: ./e.md\n")).toEqual(["3 MD052"]);
    expect(ids("# T\n\nSee [the guide][guide] and [the notes][notes].\n\n[notes]: ./notes.md\n")).toEqual(["3 MD052"]);
  });
});

describe("markdownlint presets and config", () => {
  const styleText = "# T\ntext\n\n```\nx\n```\n";

  it('"all" runs every markdownlint rule as it ships, "style" all but the genre-fighting ones', () => {
    expect(ids(styleText)).toEqual([]);
    expect(ids(styleText, { markdownlint: "all" })).toEqual(["1 MD022", "4 MD040"]);
    expect(ids(styleText, { markdownlint: "style" })).toEqual(["4 MD040"]);
    expect(ids(styleText, { markdownlint: "handoff" })).toEqual([]);
  });

  it('"all" reports wrapped-line lists, headings and cron stars as markdownlint does (no handoff reading)', () => {
    expect(ids(`# T\n\n${LONG}\n#123 open.\n\nNext steps:\n- a\n`, { markdownlint: "all" })).toEqual(["4 MD018", "7 MD032"]);
  });

  it("an object is markdownlint config over the handoff preset; a rule configured there runs without the handoff reading", () => {
    expect(ids(styleText, { markdownlint: { MD040: true } })).toEqual(["4 MD040"]);
    expect(ids("# T\n\nNext steps:\n- a\n", { markdownlint: { MD032: true } })).toEqual(["4 MD032"]);
    expect(ids("# T\n\nNext steps:\n- a\n", { markdownlint: { "blanks-around-lists": true } })).toEqual(["4 MD032"]);
    expect(ids("# T\n\n#Decisions\n", { markdownlint: { headings: false } })).toEqual([]);
  });

  it("--rule or config severity switches a rule on, or off", () => {
    expect(lint(styleText, {}, { MD040: "error" })).toEqual(['4 MD040 error Fenced code blocks should have a language specified [Context: "```"]']);
    expect(ids(styleText, { rules: { "fenced-code-language": "info" } })).toEqual(["4 MD040"]);
    expect(ids("# T\n\n#Decisions\n", {}, { MD018: "off" })).toEqual([]);
    expect(ids(styleText, { markdownlint: { MD040: false } }, { MD040: "warning" })).toEqual(["4 MD040"]);
    expect(ids(`# T\n\n${"word ".repeat(30)}\n`, { rules: { MD013: ["warning", { line_length: 100 }] } })).toEqual(["3 MD013"]);
  });

  it("a document cannot turn on what the preset or config turned off, nor tighten options; it may silence rules", () => {
    expect(ids(`<!-- markdownlint-enable MD040 -->\n${styleText}`)).toEqual([]);
    expect(ids(`<!-- markdownlint-configure-file { "default": true } -->\n${styleText}`)).toEqual([]);
    expect(
      ids(`<!-- markdownlint-configure-file { "MD013": { "line_length": 10 } } -->\n# T\n\nfour words per line then more words\n`, {
        markdownlint: { MD013: { line_length: 100 } },
      }),
    ).toEqual([]);
    expect(ids("<!-- markdownlint-disable MD018 -->\n# T\n\n#Decisions\n")).toEqual([]);
    expect(ids("<!-- markdownlint-disable MD018 -->\n# T\n\n#Decisions\n<!-- markdownlint-enable MD018 -->\n\n#Risks\n")).toEqual(["7 MD018"]);
  });
});

describe("markdownlint names and options are checked against markdownlint's rule list and config schema", () => {
  const session = (config: HandoffConfig, ruleOverrides?: Record<string, SeveritySetting>) => () => createSession({ cwd: "/virtual", config, ruleOverrides });

  it("refuses a rule markdownlint does not have, in config, overrides and --rule", () => {
    expect(session({ rules: { MD999: "error" } })).toThrow("unknown rule 'MD999' in config 'rules'");
    expect(session({ overrides: [{ files: ["*.md"], rules: { MD002: "off" } }] })).toThrow("unknown rule 'MD002' in config 'overrides[0].rules'");
    expect(session({}, { MD999: "error" })).toThrow("unknown rule 'MD999' in --rule");
    expect(session({ markdownlint: { MD999: true } })).toThrow(
      "config 'markdownlint': unknown markdownlint rule or setting 'MD999' (not in markdownlint 0.40.0's config schema)",
    );
  });

  it("refuses an option markdownlint's schema does not have, or a value of the wrong type", () => {
    expect(session({ markdownlint: { MD013: { line_lenght: 100 } } })).toThrow(
      "config 'markdownlint': unknown option 'line_lenght' of MD013 (line-length) (not in markdownlint 0.40.0's config schema)",
    );
    expect(session({ markdownlint: { "line-length": { line_length: "wide" } } })).toThrow(
      "config 'markdownlint': MD013 (line-length) option 'line_length' must be integer",
    );
    expect(session({ markdownlint: { MD040: "yes" } })).toThrow(
      `config 'markdownlint': MD040 (fenced-code-language) must be true, false, "error", "warning" or an options object`,
    );
    expect(session({ rules: { MD013: ["warning", { line_lenght: 100 }] } })).toThrow(
      "config 'rules': unknown option 'line_lenght' of MD013 (line-length) (not in markdownlint 0.40.0's config schema)",
    );
    expect(session({ markdownlint: { extends: "./other.json" } })).toThrow("config 'markdownlint': 'extends' is not supported");
  });

  it("accepts ids, aliases, tags and options that markdownlint has", () => {
    expect(
      session({ markdownlint: { default: true, whitespace: false, "line-length": { line_length: 120, tables: false }, MD029: { style: "ordered" } } }),
    ).not.toThrow();
    expect(session({ rules: { "single-h1": "off", MD046: ["warning", { style: "fenced" }] } })).not.toThrow();
  });
});
