/**
 * Canary secrets: planted in handoffs, then every output format is run; no output may contain
 * any piece of a canary longer than 4 characters. Add each new reporter to FORMATTERS and its
 * `--format` name to CLI_FORMATS.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { captureIO } from "../helpers/capture-io.js";
import type { FileResult, MaskedFileResult } from "../../src/3-check/engine/diagnostic.js";
import { createSession, lintPaths, lintText } from "../../src/3-check/lint.js";
import { builtinRules } from "../../rules/index.js";
import { formatGithub, formatGithubSummary } from "../../src/4-report/github.js";
import { formatJson } from "../../src/4-report/json.js";
import { formatJunit } from "../../src/4-report/junit.js";
import { formatSarif } from "../../src/4-report/sarif.js";
import { maskResults } from "../../src/3-check/secrets/mask.js";
import { formatStylish } from "../../src/4-report/stylish.js";
import { canaries, canaryJson, canaryMarkdown, leaks } from "../helpers/canaries.js";
import { rawResult } from "../helpers/raw-result.js";

/** Every reporter, as a function of masked results. */
const FORMATTERS: ReadonlyArray<[string, (results: MaskedFileResult[]) => string]> = [
  ["stylish", (results) => formatStylish(results, { color: false })],
  ["stylish (colour)", (results) => formatStylish(results, { color: true })],
  ["json", (results) => formatJson(results)],
  ["sarif", (results) => formatSarif(results, { rules: builtinRules, cwd: "/repo", repositoryRoot: "/repo", toolVersion: "0.0.0" })],
  ["github", (results) => formatGithub(results, { cwd: "/repo", repositoryRoot: "/repo" })],
  ["github summary", (results) => formatGithubSummary(results, { cwd: "/repo", repositoryRoot: "/repo" })],
  ["junit", (results) => formatJunit(results)],
];
/** Every `--format` of `handoff lint`. */
const CLI_FORMATS = ["stylish", "json", "sarif", "github", "junit"];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "handoff-canary-"));
  writeFileSync(path.join(dir, "canary.md"), canaryMarkdown);
  writeFileSync(path.join(dir, "canary.json"), canaryJson);
  writeFileSync(path.join(dir, "handoff.config.json"), JSON.stringify({ markdownlint: WITH_MD034 }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(argv: string[], stdin?: string): Promise<{ code: number; out: string; err: string }> {
  const cap = captureIO(dir, { NO_COLOR: "1" }, stdin);
  const code = await runCli(argv, cap.io);
  return { code, out: cap.stdout(), err: cap.stderr() };
}

/**
 * SARIF carries the rule catalogue (`runs[].tool`: every rule's documentation, which names public
 * key prefixes such as `sk_live_`). It depends on rule ids only — a test below pins that — so the
 * leak check reads the document-derived rest.
 */
function documentDerived(format: string, out: string): string {
  if (!format.startsWith("sarif")) return out;
  const log = JSON.parse(out) as { runs: Array<Record<string, unknown>> };
  return JSON.stringify(log.runs.map(({ tool: _tool, ...rest }) => rest));
}

/** MD034 (bare URL, off in the default preset) quotes a URL with its password: switched on, so a leak through a markdownlint message can show. */
const WITH_MD034 = { MD034: true };

describe("canary secrets never reach an output", () => {
  it("the SARIF rule catalogue depends on rule ids only, never on messages (so it cannot carry a canary)", async () => {
    const run = await lintPaths(["."], createSession({ cwd: dir, config: { markdownlint: WITH_MD034 } }));
    const sarif = (results: FileResult[]) =>
      (
        JSON.parse(formatSarif(results, { rules: builtinRules, cwd: "/repo", repositoryRoot: "/repo", toolVersion: "0.0.0" })) as {
          runs: Array<{ tool: unknown }>;
        }
      ).runs[0]?.tool;
    const blanked = run.results.map((r) => ({ ...r, diagnostics: r.diagnostics.map((d) => ({ ...d, message: "x", secrets: undefined })) }));
    expect(sarif(maskResults(run.results))).toEqual(sarif(blanked));
  });

  it("the canaries are in the raw findings, messages included (the checks below can fail)", () => {
    const session = createSession({ cwd: dir, config: { markdownlint: WITH_MD034 } });
    const raw = [rawResult("canary.md", canaryMarkdown, session), rawResult("canary.json", canaryJson, session)];
    expect(leaks(JSON.stringify(raw)).length).toBe(Object.keys(canaries).length);
    const messages = raw.flatMap((f) => f.diagnostics.map((d) => d.message)).join("\n");
    // Quoted by rules other than no-secrets: the date field, the heading, the pending step, MD034's context.
    expect(leaks(messages).map((leak) => leak.split(":")[0])).toEqual(["urlPassword", "dateToken", "heading", "step"]);
    expect(raw.flatMap((f) => f.diagnostics).filter((d) => d.ruleId === "no-secrets")).toHaveLength(20);
  });

  for (const [name, format] of FORMATTERS) {
    it(`formatter ${name} over lintPaths`, async () => {
      const run = await lintPaths(["."], createSession({ cwd: dir, config: { markdownlint: WITH_MD034 } }));
      expect(leaks(documentDerived(name, format(run.results)))).toEqual([]);
    });

    for (const rules of [undefined, { "no-secrets": "off" as const }]) {
      it(`formatter ${name} over lintText${rules ? " with no-secrets off" : ""} (the library API)`, () => {
        const session = createSession({ cwd: dir, config: { markdownlint: WITH_MD034, rules } });
        const results = [lintText("canary.md", canaryMarkdown, session), lintText("canary.json", canaryJson, session)];
        expect(results[0]?.diagnostics.some((d) => d.ruleId === "no-secrets")).toBe(rules === undefined);
        expect(leaks(documentDerived(name, format(results)))).toEqual([]);
      });
    }
  }

  for (const rules of [undefined, { "no-secrets": "off" as const }]) {
    it(`formatJson([lintText(…)]) masks a URL password quoted by MD034's context${rules ? ", no-secrets off" : ""}`, () => {
      const password = canaries.urlPassword;
      const text = `# Notes\n\n## Next steps\n\nPush to https://ci:${password}@git.internal/repo.git now\n`;
      const session = createSession({ cwd: dir, config: { markdownlint: WITH_MD034, rules } });
      const md034 = (result: { diagnostics: Array<{ ruleId: string; message: string }> }) => result.diagnostics.find((d) => d.ruleId === "MD034")?.message;
      expect(md034(rawResult("h.md", text, session))).toBe(`Bare URL used [Context: "https://ci:${password.slice(0, 19)}..."]`);
      const out = formatJson([lintText("h.md", text, session)]);
      expect(leaks(out)).toEqual([]);
      expect(md034(lintText("h.md", text, session))).toBe(`Bare URL used [Context: "https://ci:${password.slice(0, 4)}…(46 chars)..."]`);
    });
  }

  it("lintPaths on worker threads and from --cache returns masked results", async () => {
    const cacheDir = path.join(dir, ".cache-canary");
    const session = createSession({ cwd: dir, config: { markdownlint: WITH_MD034 } });
    const runs = [
      await lintPaths(["canary.md", "canary.json"], session, undefined, { workers: 1 }),
      await lintPaths(["."], session, undefined, { cache: { directory: cacheDir, key: {} } }),
      await lintPaths(["."], session, undefined, { cache: { directory: cacheDir, key: {} } }),
    ];
    for (const run of runs) expect(leaks(JSON.stringify(run.results))).toEqual([]);
    rmSync(cacheDir, { recursive: true, force: true });
  });

  for (const argv of [
    ["resume", "--no-git", "--dry-run", "canary.md"],
    ["resume", "--no-git", "--dry-run", "--format", "json", "canary.md"],
    ["resume", "--no-git", "--dry-run", "canary.json"],
    ["list", "--dir", "."],
    ["list", "--dir", ".", "--format", "json"],
  ]) {
    it(`handoff ${argv.join(" ")}`, async () => {
      const { out, err } = await cli(argv);
      expect(out.length).toBeGreaterThan(0);
      expect(leaks(out)).toEqual([]);
      expect(leaks(err)).toEqual([]);
    });
  }

  for (const format of CLI_FORMATS) {
    it(`handoff lint --format ${format} --stdin-filename canary.md`, async () => {
      const { out, err } = await cli(["lint", "--format", format, "--stdin-filename", "canary.md"], canaryMarkdown);
      expect(out.length).toBeGreaterThan(0);
      expect(leaks(documentDerived(format, out))).toEqual([]);
      expect(leaks(err)).toEqual([]);
    });

    for (const extra of [[], ["--quiet"], ["--rule", "no-secrets=off"], ["--write-baseline", "baseline.json"]]) {
      it(`handoff lint --format ${format} ${extra.join(" ")}`, async () => {
        const { out, err } = await cli(["lint", "--format", format, ...extra, "."]);
        // Something was printed (github prints nothing when the baseline suppressed every finding).
        expect(out.length + err.length).toBeGreaterThan(0);
        expect(leaks(documentDerived(format, out))).toEqual([]);
        expect(leaks(err)).toEqual([]);
      });
    }
  }
});
