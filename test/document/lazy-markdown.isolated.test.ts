/**
 * The Markdown part of a document (mdast, sections, fenced record) is parsed on first read, and a
 * run whose rules never read it (`--only no-secrets`) does not parse it: profile detection reads
 * sections only when a heading can carry a contract mark (`headingsMayMarkContract`).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeEach, describe, expect, it, vi } from "vitest";

const parseCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../src/2-parse/document/markdown.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/2-parse/document/markdown.js")>();
  return {
    ...original,
    parseMarkdown: (...args: Parameters<typeof original.parseMarkdown>) => {
      parseCalls.count++;
      if (process.env.TRACE_PARSE) console.log(new Error().stack);
      return original.parseMarkdown(...args);
    },
  };
});

const { parseDocument } = await import("../../src/2-parse/document/parse.js");
const { createSession, lintText } = await import("../../src/3-check/lint.js");
const { sourceFromBytes } = await import("../../src/1-load/read.js");
const { headingsMayMarkContract, plainFirstTitle, sectionsMarkContract } = await import("../../src/2-parse/profiles/detect.js");
const { fuzzOptions } = await import("../fuzz/arbitraries.js");

const repoRoot = path.resolve(import.meta.dirname, "../..");
const parse = (text: string, file = "handoff.md") => parseDocument(sourceFromBytes(file, new TextEncoder().encode(text), "/virtual"));

/** Every `.md` file under `dir`, recursively. */
const markdownFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return markdownFiles(file);
    return /\.md$/i.test(name) ? [file] : [];
  });

beforeEach(() => {
  parseCalls.count = 0;
});

describe("lazy Markdown part", () => {
  it("parses once, on the first read of mdast, sections or record", () => {
    const document = parse("# Notes\n\n## Next action\n\nShip it.\n");
    expect(parseCalls.count).toBe(0);
    expect(document.sections.map((s) => s.title)).toEqual(["Notes", "Next action"]);
    expect(parseCalls.count).toBe(1);
    expect(document.mdast?.children.length).toBe(3);
    expect(document.record).toBeUndefined();
    expect(parseCalls.count).toBe(1);
  });

  it("reports skipped blocks without parsing", () => {
    const document = parse(`# Deep\n\n${">".repeat(150)} x\n`);
    expect(document.markdownSkipped?.map((b) => b.reason)).toEqual(["depth"]);
    expect(parseCalls.count).toBe(0);
  });

  it("gives the same model whether read early or late", () => {
    const text = '# H\n\n```json\n{"schema": "verified-delivery/handoff-v1", "status": "open"}\n```\n\n## Next action\n\nx\n';
    const early = parse(text);
    const earlySections = early.sections;
    const late = parse(text);
    expect(late.frontmatter).toEqual(early.frontmatter);
    expect(late.sections).toEqual(earlySections);
    expect(late.record?.data).toEqual({ schema: "verified-delivery/handoff-v1", status: "open" });
    expect(late.mdast).toEqual(early.mdast);
  });
});

describe("--only no-secrets reads no Markdown", () => {
  const session = createSession({ cwd: "/virtual", config: {}, onlyRules: ["no-secrets"], now: new Date("2026-03-01T00:00:00Z") });

  it("a generic document: no parse, the same profile and finding as a full run", () => {
    const text = "# Session handoff 2026-03-01\n\n## State\n\nDeploy key: ghp_FAKE7Qm2xVb9LkT4pZr8NcW3yHd6JsGf5A1e\n";
    const result = lintText("notes.md", text, session);
    expect(parseCalls.count).toBe(0);
    expect(result.profile).toBe("generic");
    expect(result.diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column}`)).toEqual(["no-secrets 5:13"]);
    const full = lintText("notes.md", text, createSession({ cwd: "/virtual", config: {}, now: new Date("2026-03-01T00:00:00Z") }));
    expect(full.diagnostics.filter((d) => d.ruleId === "no-secrets")).toEqual(result.diagnostics);
  });

  it("a contract document opening with a plain '# HANDOFF …' line: detected without a parse", () => {
    const result = lintText("HANDOFF.md", "# HANDOFF billing 20260304T1730Z\n\n## Goal\n\nx\n", session);
    expect(result.profile).toBe("contract");
    expect(parseCalls.count).toBe(0);
  });

  it("no parse for a plain first title that is no contract title, markup in headings, or frontmatter above its closing fence", () => {
    const text =
      "---\nsummary: the verified facts\n---\n# HANDOFF — billing\n\n## Build & `test` [status](x)\n\nDeploy key: ghp_FAKE7Qm2xVb9LkT4pZr8NcW3yHd6JsGf5A1e\n";
    const result = lintText("notes.md", text, session);
    expect(parseCalls.count).toBe(0);
    expect(result.profile).toBe("generic");
    expect(result.diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column}`)).toEqual(["no-secrets 8:13"]);
    expect(lintText("notes.md", text, createSession({ cwd: "/virtual", config: {}, now: new Date("2026-03-01T00:00:00Z") })).profile).toBe("generic");
  });

  it("other contract documents are still detected (their headings are parsed)", () => {
    expect(lintText("a.md", "# **HANDOFF** billing 20260304T1730Z\n", session).profile).toBe("contract");
    expect(parseCalls.count).toBe(1);
    expect(lintText("b.md", "# Notes\n\n## Goal\n\nx\n\n## Verified facts\n\n- y\n\n## Next action\n\nz\n", session).profile).toBe("contract");
    expect(parseCalls.count).toBe(2);
  });

  it("a fenced verified-delivery record is still detected", () => {
    const result = lintText("vd.md", '# H\n\n```json\n{"schema": "verified-delivery/handoff-v1"}\n```\n', session);
    expect(result.profile).toBe("verified-delivery");
    expect(parseCalls.count).toBe(1);
  });

  it("a suppression comment is still read from the tree", () => {
    const text = "# N\n\n<!-- handoff-disable-next-line no-secrets -->\nkey: ghp_FAKE7Qm2xVb9LkT4pZr8NcW3yHd6JsGf5A1e\n";
    expect(lintText("n.md", text, session).diagnostics).toEqual([]);
  });
});

describe("--only", () => {
  it("turns every other rule off, markdownlint included", () => {
    const session = createSession({ cwd: "/virtual", config: {}, onlyRules: ["HK020"] });
    expect(session.prepared.entries.map((e) => e.rule.meta.id).sort()).toEqual(["file-encoding", "file-read", "markdown-limits", "no-secrets"]);
  });

  it("keeps the file rules: a file that cannot be read or decoded is still reported", () => {
    const session = createSession({ cwd: "/virtual", config: {}, onlyRules: [" no-secrets "] });
    expect(session.prepared.entries.map((e) => e.rule.meta.id).sort()).toEqual(["file-encoding", "file-read", "markdown-limits", "no-secrets"]);
    const result = lintText("bad.md", new Uint8Array([0x23, 0x20, 0xff, 0x0a]), session);
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(["file-encoding"]);
  });

  it("refuses an empty list", () => {
    expect(() => createSession({ cwd: "/virtual", onlyRules: ["", " "] })).toThrow("--only needs at least one rule name");
  });

  it("refuses markdownlint rule names and unknown names", () => {
    expect(() => createSession({ cwd: "/virtual", onlyRules: ["MD013"] })).toThrow(
      "--only takes handoffkit rules (and 'markdownlint' for all of its rules), not 'MD013': set markdownlint rules with --rule",
    );
    expect(() => createSession({ cwd: "/virtual", onlyRules: ["no-such-rule"] })).toThrow("unknown rule 'no-such-rule' in --only");
  });
});

describe("headingsMayMarkContract", () => {
  it.each([
    ["# HANDOFF billing v1\n", true],
    ["# **HANDOFF** billing v1\n", true],
    ["# &#72;ANDOFF billing v1\n", true],
    ["# ＨＡＮＤＯＦＦ billing v1\n", true],
    ["## Veri*fied* facts\n", true],
    ["## VERIFIED FACTS\n", true],
    ["Verified\nfacts\n---\n", true],
    ["   ## Verified facts\n", true],
    ["# Session handoff 2026-05-05\n\n## Build and Test Status\n\n## Next action\n", false],
    // A bare `&` reads " and ", which no mark holds; markup between the letters does not hide them.
    ["## Build & Test Status\n", false],
    ["## Lessons & don'ts (`read` [these](x) *first*)\n", false],
    ["## [Veri](x)fied `facts`\n", true],
    ["## V<b>erified</b> f_a_cts\n", true],
    // Inline markup inside a heading's words: strikethrough, a hard break joining words, named references (NFKC
    // folds `&ee;` to "e"), and lines of other white space, which CommonMark does not count blank.
    ["# HAND~~OFF~~ x v1\n", true],
    ["HAND  \nOFF x v1\n===\n", true],
    ["## V&ee;rified facts\n", true],
    ["HANDOFF x v1\n\u00a0\n===\n", true],
    ["Verified facts\n\f\n---\n", true],
    ["Verified\n\n===\n", false],
    ["Verified facts are listed below.\n\n---\n\nmore\n", false],
    ["    ## Verified facts (indented code)\n", false],
    ["> ## Verified facts\n", false],
  ])("%j → %s", (text, expected) => {
    expect(headingsMayMarkContract(text)).toBe(expected);
  });

  it.each([
    ["# HANDOFF — notes\n\n## Goal\n", false],
    ["# HANDOFF — notes\n\n## Verified facts\n", true],
    ["# Notes\n\n## Veri&#x66;ied facts\n", true],
  ])("with the title decided: %j → %s", (text, expected) => {
    expect(headingsMayMarkContract(text, true)).toBe(expected);
  });

  it("never says false where the parsed sections carry a contract mark (our corpus, every profile)", () => {
    let marked = 0;
    for (const file of markdownFiles(path.join(repoRoot, "corpus"))) {
      const document = parse(readFileSync(file, "utf8"), file);
      if (sectionsMarkContract(document.sections)) {
        marked++;
        const body = document.text.slice(document.bodyOffset);
        expect(headingsMayMarkContract(body), file).toBe(true);
        if (plainFirstTitle(document.text, document.bodyOffset) !== undefined && !sectionsMarkContract(document.sections.slice(0, 1))) {
          expect(headingsMayMarkContract(body, true), file).toBe(true);
        }
      }
    }
    expect(marked).toBeGreaterThanOrEqual(10);
  });

  it("never says false where the parsed sections carry a contract mark (generated headings)", () => {
    const piece = fc.constantFrom(
      "HANDOFF",
      "handoff",
      "Verified",
      "veri",
      "fied",
      "facts",
      "Goal",
      "Next action",
      "billing",
      "v1",
      "20260304T1730Z",
      "*",
      "_",
      "`",
      "&#72;",
      "&#x56;",
      "\\",
      "<b>",
      "[",
      "](x)",
      " ",
      "ＶＥＲＩＦＩＥＤ",
      "\u200b",
    );
    const heading = fc
      .tuple(fc.constantFrom("# ", "## ", "   ### ", ""), fc.array(piece, { maxLength: 8 }), fc.constantFrom("", "\n===", "\n---", "\n\n"))
      .map(([hash, words, tail]) => `${hash}${words.join("")}${tail}`);
    const documentArb = fc.array(heading, { minLength: 1, maxLength: 6 }).map((headings) => `${headings.join("\n")}\n`);
    fc.assert(
      fc.property(documentArb, (text) => {
        const document = parse(text);
        if (!sectionsMarkContract(document.sections)) return true;
        // With a plain first title that is no contract title, only a "Verified facts" heading can mark it.
        const title = plainFirstTitle(document.text, document.bodyOffset);
        const byTitle = sectionsMarkContract(document.sections.slice(0, 1));
        const body = document.text.slice(document.bodyOffset);
        return headingsMayMarkContract(body) && (title === undefined || byTitle || headingsMayMarkContract(body, true));
      }),
      fuzzOptions(300),
    );
  });
});

describe("plainFirstTitle", () => {
  it.each([
    ["# HANDOFF billing v1\n", "HANDOFF billing v1"],
    ["\n  \n# HANDOFF billing v1 ##  \r\nmore\n", "HANDOFF billing v1"],
    ["---\ntitle: x\n---\n# HANDOFF x 2026-03-04\n", "HANDOFF x 2026-03-04"],
    ["#\tTabbed title\n", "Tabbed title"],
    ["# **HANDOFF** billing v1\n", undefined],
    ["## HANDOFF billing v1\n", undefined],
    [" # HANDOFF billing v1\n", undefined],
    ["intro\n# HANDOFF billing v1\n", undefined],
    ["\u00a0\n# HANDOFF billing v1\n", undefined],
    // The frontmatter closes only on a fence followed by spaces or tabs, as in remark-frontmatter.
    ["---\n# c\n---\u00a0\n# HANDOFF x v1\n", undefined],
    ["---\n# c\n--- \t\n# HANDOFF x v1\n", "HANDOFF x v1"],
    ["#\n", undefined],
  ])("%j → %j", (text, expected) => {
    const document = parse(text);
    expect(plainFirstTitle(document.text, document.bodyOffset)).toBe(expected);
  });

  const agrees = (text: string): boolean => {
    const document = parse(text);
    const title = plainFirstTitle(document.text, document.bodyOffset);
    if (title === undefined || document.markdownSkipped) return true;
    const first = document.sections[0];
    return first !== undefined && first.depth === 1 && first.title === title;
  };

  it("is the first section's title wherever it answers (generated documents)", () => {
    const line = fc.constantFrom(
      "# HANDOFF billing v1",
      "# HANDOFF x 20260304T1730Z #",
      "#  Title  ",
      "# a | b",
      "# Ｔitle",
      "# e\u0301",
      "",
      "  ",
      "\t",
      "text",
      "---",
      "===",
      "```",
      "> # quoted",
      "- # item",
      "    # code",
      "<!--",
      "-->",
      "# x\\",
      "title: y",
    );
    const documentArb = fc.array(line, { minLength: 1, maxLength: 6 }).map((lines) => `${lines.join("\n")}\n`);
    fc.assert(fc.property(documentArb, agrees), fuzzOptions(500));
  });

  it("is the first section's title wherever it answers (our corpus)", () => {
    let answered = 0;
    for (const file of markdownFiles(path.join(repoRoot, "corpus"))) {
      const text = readFileSync(file, "utf8");
      if (plainFirstTitle(text, parse(text, file).bodyOffset) !== undefined) answered++;
      expect(agrees(text), file).toBe(true);
    }
    expect(answered).toBeGreaterThanOrEqual(10);
  });
});
