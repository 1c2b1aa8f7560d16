import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/2-parse/document/parse.js";
import { createSession, buildDocument, lintText } from "../../src/3-check/lint.js";
import { sourceFromBytes } from "../../src/1-load/read.js";
import { BUILTIN_PROFILES } from "../../src/2-parse/profiles/builtin.js";
import { assignProfile, detectProfileId } from "../../src/2-parse/profiles/detect.js";

function detect(text: string, path = "handoff.md"): string {
  return detectProfileId(parseDocument(sourceFromBytes(path, new TextEncoder().encode(text), "/virtual")));
}

describe("detectProfileId", () => {
  it.each([
    ["hatch3r: type handoff plus a hatch3r field", "---\ntype: handoff\nsource_agent: a\n---\n\n## Problem\n", "hatch3r"],
    ["not hatch3r: type handoff alone", "---\ntype: handoff\n---\n\n# Notes\n", "generic"],
    ["not hatch3r: hatch3r fields without type handoff", "---\ntype: note\nintegrity: x\n---\n\n# Notes\n", "generic"],
    ["verified-delivery: a fenced json record", '# H\n\n```json\n{"schema": "verified-delivery/handoff-v1"}\n```\n', "verified-delivery"],
    ["verified-delivery: a fenced record that is not valid JSON", '# H\n\n```json\n{"schema": "verified-delivery/handoff-v1",}\n```\n', "verified-delivery"],
    [
      "verified-delivery: a fenced json record with CR-only line endings (as its CRLF copy)",
      '# H\r\r```json\r{"schema": "verified-delivery/handoff-v1"}\r```\r',
      "verified-delivery",
    ],
    ["sno: a machine-record start line", "# P\n\n<!-- machine-record:start -->\ncheckpoint: 1\n<!-- machine-record:end -->\n", "sno"],
    ["sno: a cutover end marker line", "# Brief\n\ntext\n\n<!-- AGENT_CUTOVER_EOF -->\n", "sno"],
    ["sno: a CRLF cutover end marker line", "# Brief\r\n\r\n<!-- AGENT_CUTOVER_EOF -->\r\n", "sno"],
    ["not sno: the marker quoted inside a line", "# Brief\n\nEnd with `<!-- AGENT_CUTOVER_EOF -->`.\n", "generic"],
    ["contract: '# HANDOFF <scope> <UTC stamp>'", "# HANDOFF billing 20260304T1730Z\n\ntext\n", "contract"],
    ["contract: '# HANDOFF <scope> <date>'", "# HANDOFF billing 2026-03-04\n", "contract"],
    ["contract: '# HANDOFF <scope> <version>'", "# HANDOFF billing v2.1\n", "contract"],
    ["not contract: '# HANDOFF' without a stamp", "# HANDOFF notes\n", "generic"],
    ["not contract: a title set off by a dash after 'HANDOFF'", "# HANDOFF – Ledger app v3.1\n\n## How to run\n\nmake\n", "generic"],
    ["not contract: a title set off by an em dash", "# HANDOFF — ledger 2026-03-04\n", "generic"],
    ["not contract: a title set off by a bar", "# HANDOFF | ledger v2\n", "generic"],
    ["contract: three contract headings including Verified facts", "# Notes\n\n## Goal\n\nx\n\n## Verified facts\n\n- y\n\n## Next action\n\nz\n", "contract"],
    ["not contract: three contract headings without Verified facts", "## Goal\n\n## Decisions\n\n## Next action\n", "generic"],
    ["generic: anything else", "# Session handoff\n\n## Next steps\n\n- go\n", "generic"],
  ])("%s", (_name, text, profile) => {
    expect(detect(text)).toBe(profile);
  });

  it.each([
    ['{"schema": "verified-delivery/handoff-v1"}', "verified-delivery"],
    ['{"schema": "verified-delivery/handoff-v2"}', "verified-delivery"],
    ['{"schema": "verified-delivery/handoff-v1",}', "verified-delivery"],
    ['{"schema": "something/else"}', "generic"],
    ["[1, 2]", "generic"],
  ])("a .json file %s is %s", (text, profile) => {
    expect(detect(text, "record.json")).toBe(profile);
  });

  it("prefers hatch3r frontmatter over a sno marker in the body", () => {
    expect(detect("---\ntype: handoff\ngit_ref: main@1234567\n---\n\n<!-- AGENT_CUTOVER_EOF -->\n")).toBe("hatch3r");
  });
});

describe("assignProfile", () => {
  const known = new Map(BUILTIN_PROFILES.map((p) => [p.id, p]));
  const doc = () => parseDocument(sourceFromBytes("a.md", new TextEncoder().encode("# HANDOFF x v1\n"), "/virtual"));

  it("uses the configured profile over the document's markers", () => {
    const document = doc();
    expect(assignProfile(document, "hatch3r", known).id).toBe("hatch3r");
    expect([document.profileId, document.profileReason]).toEqual(["hatch3r", "configured"]);
  });

  it("records a detected profile as detected and generic as the default", () => {
    const document = doc();
    expect(assignProfile(document, undefined, known).id).toBe("contract");
    expect([document.profileId, document.profileReason]).toEqual(["contract", "detected"]);
    const plain = parseDocument(sourceFromBytes("b.md", new TextEncoder().encode("# Notes\n"), "/virtual"));
    assignProfile(plain, undefined, known);
    expect([plain.profileId, plain.profileReason]).toEqual(["generic", "default"]);
  });
});

describe("a profile guessed from headings alone", () => {
  const GUESSED =
    "# Session notes\n\n## Verified facts\n\n- The build passes (`npm test`, exit 0).\n\n## Hypotheses\n\n- The clock.\n\n## Next action\n\nRun it.\n";

  it("is recorded as guessed, with the headings it was guessed from; the format's own title is a detection", () => {
    const known = new Map(BUILTIN_PROFILES.map((p) => [p.id, p]));
    const document = parseDocument(sourceFromBytes("a.md", new TextEncoder().encode(GUESSED), "/virtual"));
    expect(assignProfile(document, undefined, known).id).toBe("contract");
    expect([document.profileReason, document.profileEvidence]).toEqual(["guessed", ["Verified facts", "Hypotheses", "Next action"]]);
    const titled = parseDocument(
      sourceFromBytes("b.md", new TextEncoder().encode(`# HANDOFF billing v2\n${GUESSED.slice(GUESSED.indexOf("\n"))}`), "/virtual"),
    );
    assignProfile(titled, undefined, known);
    expect([titled.profileId, titled.profileReason, titled.profileEvidence]).toEqual(["contract", "detected", undefined]);
  });

  it("reports the profile's gaps as warnings saying why, and profileReason says what it was guessed from; configured, they are errors", () => {
    const result = lintText("a.md", GUESSED, createSession({ cwd: "/virtual", config: { markdownlint: false } }));
    expect(result.profileReason).toBe(
      "contract guessed from its headings ('Verified facts', 'Hypotheses', 'Next action'), without the format's own title: what that profile requires is reported as warnings; set the profile (--profile, or config) to check it fully",
    );
    expect(result.diagnostics.map((d) => [d.ruleId, d.severity, d.message])).toEqual([
      [
        "required-sections",
        "warning",
        "Missing required section 'Goal' (contract profile) (the contract profile was guessed from headings: set it to make this an error)",
      ],
      [
        "required-sections",
        "warning",
        "Missing required section 'Unresolved work' (contract profile) (the contract profile was guessed from headings: set it to make this an error)",
      ],
    ]);
    const configured = lintText("a.md", GUESSED, createSession({ cwd: "/virtual", profile: "contract", config: { markdownlint: false } }));
    expect(configured.profileReason).toBeUndefined();
    expect(configured.diagnostics.map((d) => [d.ruleId, d.severity, d.message])).toEqual([
      ["required-sections", "error", "Missing required section 'Goal' (contract profile)"],
      ["required-sections", "error", "Missing required section 'Unresolved work' (contract profile)"],
    ]);
  });
});

describe("custom profiles from config", () => {
  it("are assigned by their frontmatter markers", () => {
    const session = createSession({
      cwd: "/virtual",
      config: { profiles: [{ id: "team", extends: "generic", detect: { frontmatter: { kind: "team-handoff" } } }] },
    });
    const source = sourceFromBytes("a.md", new TextEncoder().encode("---\nkind: team-handoff\n---\n\n# H\n"), "/virtual");
    const { document, profile } = buildDocument(source, session);
    expect([profile.id, document.profileReason]).toEqual(["team", "detected"]);
  });
});
