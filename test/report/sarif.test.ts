import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv from "ajv-draft-04";
import type { Log } from "sarif";
import { describe, expect, it } from "vitest";
import { builtinRules } from "../../rules/index.js";
import { internalErrorDiagnostic, type Diagnostic, type FileResult } from "../../src/3-check/engine/diagnostic.js";
import { createSession, lintPaths, lintText } from "../../src/3-check/lint.js";
import { maskResults } from "../../src/3-check/secrets/mask.js";
import { artifactLocation, FINGERPRINT_KEY, formatSarif } from "../../src/4-report/sarif.js";
import { repoRoot } from "../helpers/locations.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const schema = JSON.parse(readFileSync(path.join(here, "../fixtures/sarif/sarif-2.1.0-rtm.5.json"), "utf8")) as object;
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false, unicodeRegExp: false });
const validate = ajv.compile(schema);

const ROOT = "/repo";
const OPTIONS = { rules: builtinRules, cwd: "/repo/docs", repositoryRoot: ROOT, toolVersion: "0.1.0" };

function lint(file: string, text: string): FileResult {
  const session = createSession({ cwd: "/repo/docs", config: { markdownlint: false } });
  return lintText(file, text, session);
}

function sarif(results: FileResult[]): Log {
  return JSON.parse(formatSarif(maskResults(results), OPTIONS)) as Log;
}

const BROKEN = "---js\nmodule.exports = {}\n---\n# Notes\n\n- TODO text\n";

describe("sarif reporter", () => {
  it("writes a log that validates against the SARIF 2.1.0 schema", () => {
    const log = sarif([lint("handoffs/a b.md", BROKEN), lint("HANDOFF-ok.md", "# HANDOFF x v1\n\n## Next action\n\nrun it\n")]);
    const valid = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // The validator is live: a result without a message and with a bad level is rejected.
    const broken = structuredClone(log);
    (broken.runs[0]?.results?.[0] as unknown as Record<string, unknown>).level = "fatal";
    expect(validate(broken)).toBe(false);
  });

  it("carries problems of the run itself as error notifications without a location: not a successful run, and still a valid log", () => {
    const log = JSON.parse(formatSarif([], { ...OPTIONS, exitCode: 2, runProblems: ["no files match 'x/*.md'"] })) as Log;
    expect(validate(log)).toBe(true);
    expect(log.runs[0]?.invocations).toEqual([
      {
        executionSuccessful: false,
        exitCode: 2,
        exitCodeDescription: expect.any(String) as string,
        toolExecutionNotifications: [{ level: "error", message: { text: "no files match 'x/*.md'" } }],
      },
    ]);
  });

  it("lists every rule with id, name, descriptions, help and a helpUri to rules/<id>.md", () => {
    const log = sarif([]);
    const rules = log.runs[0]?.tool.driver.rules ?? [];
    expect(rules.map((r) => r.id)).toEqual(builtinRules.map((r) => r.meta.id));
    const required = rules.find((r) => r.id === "required-sections");
    expect(required?.name).toBe("RequiredSections");
    expect(required?.shortDescription?.text).toBe("Sections the profile requires are present, at the right heading level, and not empty.");
    expect(required?.helpUri).toBe("https://github.com/handoffkit/handoffkit/blob/main/rules/required-sections.md");
    expect(required?.help?.markdown?.startsWith("# required-sections (HK005)\n")).toBe(true);
    expect(required?.defaultConfiguration?.level).toBe("error");
    expect(log.runs[0]?.columnKind).toBe("utf16CodeUnits");
  });

  it("gives each result a level, a repository-relative percent-encoded URI and a full region", () => {
    const log = sarif([lint("handoffs/a b.md", BROKEN)]);
    const results = log.runs[0]?.results ?? [];
    expect(results.map((r) => [r.ruleId, r.level])).toEqual([
      ["frontmatter-syntax", "error"],
      ["next-action", "warning"],
    ]);
    const first = results[0];
    expect(first?.message.text).toBe("Unsupported frontmatter language '---js': handoffkit reads YAML, JSON and TOML frontmatter and never evaluates a block");
    expect(first?.locations?.[0]?.physicalLocation?.artifactLocation).toEqual({ uri: "docs/handoffs/a%20b.md", uriBaseId: "%SRCROOT%" });
    expect(first?.locations?.[0]?.physicalLocation?.region).toEqual({ startLine: 1, startColumn: 1, endLine: 2, endColumn: 1 });
    expect(log.runs[0]?.tool.driver.rules?.[first?.ruleIndex ?? -1]?.id).toBe("frontmatter-syntax");
  });

  it("keeps fingerprints when unrelated lines are added above, and tells repeated findings apart", () => {
    const before = sarif([lint("h.md", BROKEN)]).runs[0]?.results ?? [];
    const after = sarif([lint("h.md", BROKEN.replace("# Notes\n", "# Notes\n\nA new paragraph.\n\nAnother.\n"))]).runs[0]?.results ?? [];
    const next = (rs: typeof before) => rs.find((r) => r.ruleId === "next-action");
    expect(next(after)?.locations?.[0]?.physicalLocation?.region?.startLine).toBe(4);
    expect(next(after)?.partialFingerprints?.[FINGERPRINT_KEY]).toBe(next(before)?.partialFingerprints?.[FINGERPRINT_KEY]);
    expect(next(before)?.partialFingerprints?.[FINGERPRINT_KEY]).toMatch(/^[0-9a-f]{64}$/);
    const diagnostic: Diagnostic = {
      ruleId: "x",
      severity: "warning",
      message: "m",
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 2,
      offset: 0,
      endOffset: 1,
      contextHash: "abc",
    };
    const twice = sarif([{ path: "h.md", profile: "generic", diagnostics: [diagnostic, { ...diagnostic }], internalErrors: [] }]).runs[0]?.results ?? [];
    expect(new Set(twice.map((r) => r.partialFingerprints?.[FINGERPRINT_KEY])).size).toBe(2);
  });

  it("never prints a secret a rule marked (reporters receive masked results)", () => {
    const secret = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
    const diagnostic: Diagnostic = {
      ruleId: "frontmatter-schema",
      severity: "error",
      message: `token ${secret} found`,
      line: 2,
      column: 1,
      endLine: 2,
      endColumn: 5,
      offset: 4,
      endOffset: 8,
      secrets: [secret],
    };
    const text = formatSarif(maskResults([{ path: "h.md", profile: "generic", diagnostics: [diagnostic], internalErrors: [] }]), OPTIONS);
    expect(text.includes(secret)).toBe(false);
    expect(text).toContain("token ghp_…(40 chars) found");
  });

  it("adds a rule entry for markdownlint ids that have results", () => {
    const session = createSession({ cwd: "/repo/docs", config: { markdownlint: { MD022: true } } });
    const log = sarif([lintText("h.md", "# H\n## A\ntext\n", session)]);
    const md = log.runs[0]?.tool.driver.rules?.find((r) => r.id === "MD022");
    expect(md?.helpUri).toMatch(/^https:\/\/github\.com\/DavidAnson\/markdownlint\/blob\/v0\.40\.0\/doc\/md022\.md$/);
    expect(validate(log)).toBe(true);
  });

  it("turns an internal-error finding into a toolExecutionNotification that validates, not a result", () => {
    const failed: FileResult = {
      path: "handoffs/x.json",
      profile: "generic",
      diagnostics: [internalErrorDiagnostic("handoffkit", new RangeError("Maximum call stack size exceeded"), "it was not checked")],
      internalErrors: ["internal error on handoffs/x.json: RangeError: Maximum call stack size exceeded"],
    };
    const log = sarif([failed, lint("HANDOFF-ok.md", "# HANDOFF x v1\n\n## Next action\n\nrun it\n")]);
    expect(validate(log)).toBe(true);
    expect(log.runs[0]?.results?.map((r) => r.ruleId)).not.toContain("internal-error");
    expect(log.runs[0]?.invocations?.[0]?.executionSuccessful).toBe(false);
    expect(
      log.runs[0]?.invocations?.[0]?.toolExecutionNotifications?.map((n) => [
        n.level,
        n.message.text,
        n.locations?.[0]?.physicalLocation?.artifactLocation?.uri,
      ]),
    ).toEqual([
      [
        "error",
        "handoffkit failed on this file (RangeError: Maximum call stack size exceeded): it was not checked; please report this bug",
        "docs/handoffs/x.json",
      ],
    ]);
  });

  it("gives the secret and injection rules code scanning's security-severity, and no other rule", () => {
    const rules = sarif([]).runs[0]?.tool.driver.rules ?? [];
    const scored = Object.fromEntries(
      rules.filter((r) => r.properties?.["security-severity"] !== undefined).map((r) => [r.id, r.properties?.["security-severity"]]),
    );
    expect(scored).toEqual({
      "no-secrets": "9.0",
      "injection-override": "8.0",
      "injection-role": "5.0",
      "injection-fake-delimiter": "8.0",
      "injection-marker-spoof": "8.0",
      "injection-tool-call": "8.0",
      "injection-prompt-extraction": "6.0",
      "injection-exfil-link": "8.0",
      "injection-hidden-content": "7.0",
      "injection-obfuscation": "7.5",
    });
    // Every rule tagged security is scored (code scanning reads the score on those), each in 0.0–10.0.
    expect(
      rules
        .filter((r) => (r.properties?.tags as string[]).includes("security"))
        .map((r) => r.id)
        .sort(),
    ).toEqual(Object.keys(scored).sort());
    for (const value of Object.values(scored)) expect(String(value)).toMatch(/^(?:10\.0|\d\.\d)$/);
  });

  it("names every rule in PascalCase, never its id; markdownlint ids by their alias", () => {
    const session = createSession({ cwd: "/repo/docs", config: { markdownlint: { MD022: true } } });
    const rules = sarif([lintText("h.md", "# H\n## A\ntext\n", session)]).runs[0]?.tool.driver.rules ?? [];
    for (const rule of rules) {
      expect(rule.name, rule.id).toMatch(/^[A-Z][A-Za-z0-9]*$/);
      expect(rule.name, rule.id).not.toBe(rule.id);
    }
    expect(rules.find((r) => r.id === "no-secrets")?.name).toBe("NoSecrets");
    expect(rules.find((r) => r.id === "markdownlint")?.name).toBe("Markdownlint");
    expect(rules.find((r) => r.id === "MD022")?.name).toBe("BlanksAroundHeadings");
  });

  it("never writes an empty region: a zero-width or inverted span covers one column", () => {
    const at = (over: Partial<Diagnostic>): Diagnostic => ({
      ruleId: "next-action",
      severity: "warning",
      message: "m",
      line: 3,
      column: 5,
      endLine: 3,
      endColumn: 5,
      offset: 0,
      endOffset: 0,
      ...over,
    });
    const log = sarif([
      {
        path: "h.md",
        profile: "generic",
        diagnostics: [at({}), at({ endColumn: 2 }), at({ endLine: 2, endColumn: 9 }), at({ endLine: 4, endColumn: 1 })],
        internalErrors: [],
      },
    ]);
    expect(log.runs[0]?.results?.map((r) => r.locations?.[0]?.physicalLocation?.region)).toEqual([
      { startLine: 3, startColumn: 5, endLine: 3, endColumn: 6 },
      { startLine: 3, startColumn: 5, endLine: 3, endColumn: 6 },
      { startLine: 3, startColumn: 5, endLine: 3, endColumn: 6 },
      { startLine: 3, startColumn: 5, endLine: 4, endColumn: 1 },
    ]);
    expect(validate(log)).toBe(true);
  });

  it("never writes an empty region for the findings of the bundled corpus", async () => {
    const session = createSession({ cwd: repoRoot, config: {} });
    const { results } = await lintPaths(["corpus"], session);
    const regions = (JSON.parse(formatSarif(maskResults(results), { ...OPTIONS, cwd: repoRoot, repositoryRoot: repoRoot })) as Log).runs[0]?.results?.map(
      (r) => r.locations?.[0]?.physicalLocation?.region,
    );
    expect(regions?.length).toBeGreaterThan(50);
    for (const region of regions ?? []) {
      const { startLine = 0, startColumn = 0, endLine = 0, endColumn = 0 } = region ?? {};
      expect(endLine > startLine || (endLine === startLine && endColumn > startColumn), JSON.stringify(region)).toBe(true);
    }
  });

  it("records the run's outcome in invocations, and still validates", () => {
    const run = (exitCode?: number, internalErrors: string[] = []) =>
      JSON.parse(
        formatSarif(maskResults([{ path: "h.md", profile: "generic", diagnostics: [], internalErrors }]), {
          ...OPTIONS,
          ...(exitCode === undefined ? {} : { exitCode }),
        }),
      ) as Log;
    expect(run(0).runs[0]?.invocations).toEqual([
      { executionSuccessful: true, exitCode: 0, exitCodeDescription: "no errors (warnings within --max-warnings)" },
    ]);
    expect(run(1).runs[0]?.invocations?.[0]?.executionSuccessful).toBe(true);
    expect(run(2).runs[0]?.invocations).toEqual([{ executionSuccessful: false, exitCode: 2, exitCodeDescription: "usage, configuration or internal error" }]);
    expect(run(undefined).runs[0]?.invocations).toEqual([{ executionSuccessful: true }]);
    expect(run(undefined, ["rule x threw"]).runs[0]?.invocations).toEqual([{ executionSuccessful: false }]);
    for (const log of [run(0), run(2), run(undefined)]) expect(validate(log)).toBe(true);
  });

  it("uses an absolute file URI for a file outside the repository", () => {
    expect(artifactLocation("../../elsewhere/ä.md", { cwd: "/repo/docs", repositoryRoot: ROOT })).toEqual({ uri: "file:///elsewhere/%C3%A4.md" });
  });
});
