import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { lint } from "markdownlint/sync";
import { describe, expect, it } from "vitest";
import { exportedRules, markdownlintRules } from "../../src/6-front-ends/markdownlint/custom-rules.js";
import { runMarkdownlintCli2 } from "../helpers/markdownlint-cli2.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, "../fixtures/markdownlint");
const demo = readFileSync(path.join(fixtures, "HANDOFF-demo.md"), "utf8");

function findings(text: string, config: Record<string, unknown>): string[] {
  const results = lint({ strings: { doc: text }, customRules: markdownlintRules, config: { default: false, ...config } });
  return (results.doc ?? []).map((e) => `${e.lineNumber} ${e.ruleNames.join("/")} ${e.errorDetail ?? ""}${e.errorRange ? ` @${e.errorRange.join(",")}` : ""}`);
}

describe("handoffkit/markdownlint custom rules", () => {
  it("exports every rule but the markdownlint bridge and the file-* rules, named [code, id]", () => {
    expect(markdownlintRules.map((r) => r.names.join("/"))).toEqual(exportedRules.map((r) => `${r.meta.code}/${r.meta.id}`));
    expect(exportedRules.map((r) => r.meta.id)).not.toContain("markdownlint");
    expect(exportedRules.map((r) => r.meta.id)).not.toContain("file-read");
    const dup = markdownlintRules.find((r) => r.names[1] === "duplicate-section");
    expect(dup?.parser).toBe("none");
    expect(dup?.tags).toEqual(["handoffkit", "sections"]);
    expect(String(dup?.information)).toBe("https://github.com/handoffkit/handoffkit/blob/main/rules/duplicate-section.md");
  });

  it("runs under markdownlint with line numbers of the whole file (frontmatter counted)", () => {
    expect(findings(demo, { HK006: true, HK005: true })).toEqual([
      "5 HK005/required-sections Missing required section 'Unresolved work' (contract profile)",
      "15 HK005/required-sections Section 'Next steps' stands for the required 'Next action' (contract profile): use the profile's heading @1,13",
      "17 HK006/duplicate-section Duplicate section 'Next steps' (first on line 15) @1,13",
    ]);
  });

  it("takes a profile and options from the rule's markdownlint config", () => {
    // markdownlint orders findings on one line by their detail.
    expect(findings("# Notes\n\ntext\n", { "required-sections": { profile: "hatch3r" } })).toEqual([
      "1 HK005/required-sections Missing required section 'Blockers' (hatch3r profile)",
      "1 HK005/required-sections Missing required section 'Build & Test Status' (hatch3r profile)",
      "1 HK005/required-sections Missing required section 'Decisions' (hatch3r profile)",
      "1 HK005/required-sections Missing required section 'File Manifest' (hatch3r profile)",
      "1 HK005/required-sections Missing required section 'Next Steps' (hatch3r profile)",
      "1 HK005/required-sections Missing required section 'Problem' (hatch3r profile)",
      "1 HK005/required-sections Missing required section 'Work Done' (hatch3r profile)",
      "1 HK005/required-sections Missing required section 'Work Remaining' (hatch3r profile)",
    ]);
  });

  it("is run by markdownlint-cli2 from a project that installed handoffkit", () => {
    const config = readFileSync(path.join(fixtures, ".markdownlint-cli2.jsonc"), "utf8");
    const run = runMarkdownlintCli2({ "HANDOFF-demo.md": demo, ".markdownlint-cli2.jsonc": config }, ["HANDOFF-demo.md"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      [
        "HANDOFF-demo.md:5 error HK005/required-sections Sections the profile requires are present, at the right heading level, and not empty. [Missing required section 'Unresolved work' (contract profile)]",
        "HANDOFF-demo.md:13:1 error HK007/facts-hypotheses Verified facts are a section of their own, free of hedged wording, each with evidence; hypotheses live apart. [Verified fact without evidence (a command, exit code, SHA, path or link)]",
        "HANDOFF-demo.md:15:1 error HK005/required-sections Sections the profile requires are present, at the right heading level, and not empty. [Section 'Next steps' stands for the required 'Next action' (contract profile): use the profile's heading]",
        "HANDOFF-demo.md:17:1 error HK006/duplicate-section No two sections with the same heading under the same parent section. [Duplicate section 'Next steps' (first on line 15)]",
        'HANDOFF-demo.md:17 error MD024/no-duplicate-heading Multiple headings with the same content [Context: "Next steps"]',
        "",
      ].join("\n"),
    );
  });
});
