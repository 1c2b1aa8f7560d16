/**
 * `handoff lint` as CI and lint-staged call it: literal file arguments, `--`, output formats,
 * --output-file, --stdin-filename, config discovery and per-glob overrides.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { loadConfig } from "../../src/3-check/engine/config.js";
import { createSession, settingsFor } from "../../src/3-check/lint.js";

const BROKEN = "---js\nmodule.exports = {}\n---\n# Notes\n\n## Next steps\n\n- run it\n";
const CLEAN = "# Notes\n\n## Next steps\n\n- run it\n";

let dir: string;

async function cli(args: string[], stdin?: string): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(args, {
    cwd: dir,
    env: { NO_COLOR: "1" },
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (err += t) },
    stdin: stdin === undefined ? undefined : Readable.from([Buffer.from(stdin, "utf8")]),
  });
  return { code, out, err };
}

function write(relative: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
  writeFileSync(path.join(dir, relative), text);
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-cli-"));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("literal file arguments (lint-staged)", () => {
  it("takes names with spaces, non-ASCII, glob characters and a leading dash literally after --", async () => {
    const names = ["a b.md", "été.md", "[x]*?.md", "-dash.md", "{a,b}.md"];
    for (const name of names) write(name, BROKEN);
    write("ab.md", CLEAN); // would match the glob `[x]*?.md` or `{a,b}.md` if they were expanded
    const result = await cli(["lint", "--format", "json", "--no-markdownlint", "--", ...names]);
    expect(result.err).toBe("");
    expect(result.code).toBe(1);
    const files = (JSON.parse(result.out) as { files: Array<{ path: string }> }).files.map((f) => f.path);
    expect(files).toEqual(["-dash.md", "[x]*?.md", "a b.md", "{a,b}.md", "été.md"]);
  });

  it("without --, a leading-dash name is an unknown option (exit 2)", async () => {
    write("-dash.md", CLEAN);
    const result = await cli(["lint", "-dash.md"]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^handoff: unknown option '-dash.md'/);
  });
});

describe("formats and output", () => {
  it("rejects an unknown format and lists the known ones", async () => {
    write("h.md", CLEAN);
    expect(await cli(["lint", "--format", "xml", "h.md"])).toEqual({
      code: 2,
      out: "",
      err: "handoff: unknown format 'xml' (known: text (or stylish, table), json, sarif, github, junit)\n",
    });
  });

  it("writes the report atomically to --output-file, nothing to stdout, making its directory as ESLint does (tslint#4268)", async () => {
    write("h.md", BROKEN);
    const result = await cli(["lint", "--format", "sarif", "--output-file", "out/deeper/report.sarif", "h.md"]).catch((e: unknown) => e);
    expect(result).toEqual({ code: 1, out: "", err: "" });
    expect(JSON.parse(readFileSync(path.join(dir, "out/deeper/report.sarif"), "utf8"))).toMatchObject({ version: "2.1.0" });
    write("a-file", "");
    const blocked = await cli(["lint", "--format", "sarif", "--output-file", "a-file/report.sarif", "h.md"]);
    // A path through a file: a clear usage error, not a crash.
    expect(blocked).toEqual({ code: 2, out: "", err: "handoff: cannot write --output-file a-file/report.sarif: EEXIST\n" });
    const ok = await cli(["lint", "--format", "sarif", "--output-file", "report.sarif", "h.md"]);
    expect(ok).toEqual({ code: 1, out: "", err: "" });
    const log = JSON.parse(readFileSync(path.join(dir, "report.sarif"), "utf8")) as { runs: Array<{ results: Array<{ ruleId: string }> }> };
    expect(log.runs[0]?.results.map((r) => r.ruleId)).toEqual(["frontmatter-syntax"]);
  });

  it("writes a SARIF log that says the run failed when the paths match nothing (exit 2), for the upload step that follows", async () => {
    const result = await cli(["lint", "--no-config", "--format", "sarif", "--output-file", "out/report.sarif", "handoffs/*.md"]);
    expect(result).toEqual({ code: 2, out: "", err: "handoff: no files match 'handoffs/*.md'\n" });
    const log = JSON.parse(readFileSync(path.join(dir, "out/report.sarif"), "utf8")) as {
      runs: { results: unknown[]; invocations: { executionSuccessful: boolean; exitCode: number; toolExecutionNotifications: unknown[] }[] }[];
    };
    expect(log.runs[0].results).toEqual([]);
    expect(log.runs[0].invocations[0].executionSuccessful).toBe(false);
    expect(log.runs[0].invocations[0].exitCode).toBe(2);
    expect(log.runs[0].invocations[0].toolExecutionNotifications).toEqual([{ level: "error", message: { text: "no files match 'handoffs/*.md'" } }]);
    // Other formats cannot say "failed" in the report: none is written, as before.
    expect((await cli(["lint", "--no-config", "--format", "json", "--output-file", "r.json", "handoffs/*.md"])).code).toBe(2);
    expect(() => readFileSync(path.join(dir, "r.json"))).toThrow(/ENOENT/);
  });

  it("--format github prints annotations and appends a job summary to $GITHUB_STEP_SUMMARY", async () => {
    write("h.md", BROKEN);
    const summary = path.join(dir, "summary.md");
    writeFileSync(summary, "earlier step\n");
    let out = "";
    const code = await runCli(["lint", "--format", "github", "--no-markdownlint", "h.md"], {
      cwd: dir,
      env: { GITHUB_STEP_SUMMARY: summary },
      stdout: { write: (t: string) => (out += t) },
      stderr: { write: () => undefined },
    });
    expect(code).toBe(1);
    expect(out).toBe(
      "::error file=h.md,line=1,col=1,endLine=2,title=frontmatter-syntax::Unsupported frontmatter language '---js': handoffkit reads YAML, JSON and TOML frontmatter and never evaluates a block\n",
    );
    expect(readFileSync(summary, "utf8")).toBe(
      "earlier step\n### handoffkit\n\n1 file checked: 1 error, 0 warnings, 0 info.\n\n| where | severity | message | rule |\n| --- | --- | --- | --- |\n| h.md:1:1 | error | Unsupported frontmatter language '---js': handoffkit reads YAML, JSON and TOML frontmatter and never evaluates a block | frontmatter-syntax |\n\n",
    );
  });

  it("--stdin-filename lints standard input as that file", async () => {
    const result = await cli(["lint", "--no-markdownlint", "--format", "json", "--stdin-filename", "handoffs/new.md"], BROKEN);
    expect(result.code).toBe(1);
    const parsed = JSON.parse(result.out) as { files: Array<{ path: string; diagnostics: Array<{ ruleId: string; line: number }> }> };
    expect(parsed.files.map((f) => [f.path, f.diagnostics.map((d) => `${d.line} ${d.ruleId}`)])).toEqual([["handoffs/new.md", ["1 frontmatter-syntax"]]]);
    expect((await cli(["lint", "--stdin-filename", "x.md", "other.md"], "")).err).toBe("handoff: --stdin-filename reads stdin: give no paths\n");
  });
});

describe("config discovery and overrides", () => {
  it("finds handoff.config.json upward from a subdirectory, and the handoff key of package.json", () => {
    write("handoff.config.json", JSON.stringify({ profile: "contract" }));
    mkdirSync(path.join(dir, "a", "b"), { recursive: true });
    expect(loadConfig(path.join(dir, "a", "b"))).toEqual({ config: { profile: "contract" }, filepath: path.join(dir, "handoff.config.json") });
    write("a/package.json", JSON.stringify({ name: "x", handoff: { profile: "hatch3r" } }));
    expect(loadConfig(path.join(dir, "a", "b"))).toEqual({ config: { profile: "hatch3r" }, filepath: path.join(dir, "a", "package.json") });
  });

  it("rejects an override without files and an override naming an unknown profile", async () => {
    write(".handoffrc.json", JSON.stringify({ overrides: [{ profile: "contract" }] }));
    write("h.md", CLEAN);
    expect((await cli(["lint", "h.md"])).err).toBe(`handoff: ${path.join(dir, ".handoffrc.json")}: overrides.0: must have required property 'files'\n`);
    write(".handoffrc.json", JSON.stringify({ overrides: [{ files: ["*.md"], profile: "nope" }] }));
    expect((await cli(["lint", "h.md"])).err).toBe(
      "handoff: unknown profile 'nope' in overrides[0] (known: hatch3r, verified-delivery, sno, contract, generic)\n",
    );
  });

  it("applies overrides per glob, relative to the config file, in order", async () => {
    write(
      "handoff.config.json",
      JSON.stringify({
        markdownlint: false,
        rules: { "next-action": "off" },
        overrides: [
          { files: ["archive/**"], rules: { "frontmatter-syntax": "off" } },
          { files: ["HANDOFF*.md"], profile: "hatch3r" },
          { files: ["archive/old.md"], rules: { "frontmatter-syntax": "warning" } },
        ],
      }),
    );
    write("archive/old.md", BROKEN);
    write("archive/older.md", BROKEN);
    write("docs/HANDOFF-1.md", CLEAN);
    write("docs/plain.md", BROKEN);
    mkdirSync(path.join(dir, "sub"));
    const sub = path.join(dir, "sub");
    let out = "";
    const code = await runCli(["lint", "--format", "json", ".."], {
      cwd: sub,
      env: {},
      stdout: { write: (t: string) => (out += t) },
      stderr: { write: () => undefined },
    });
    expect(code).toBe(1);
    const files = (JSON.parse(out) as { files: Array<{ path: string; profile: string; diagnostics: Array<{ ruleId: string; severity: string }> }> }).files;
    const byPath = Object.fromEntries(files.map((f) => [f.path, `${f.profile}: ${f.diagnostics.map((d) => `${d.ruleId}/${d.severity}`).join(" ")}`]));
    expect(byPath["../archive/old.md"]).toBe("generic: frontmatter-syntax/warning");
    expect(byPath["../archive/older.md"]).toBe("generic: ");
    expect(byPath["../docs/plain.md"]).toBe("generic: frontmatter-syntax/error");
    expect(byPath["../docs/HANDOFF-1.md"]?.startsWith("hatch3r: ")).toBe(true);
  });

  it("prepares rules once per distinct combination of overrides, not per file", () => {
    const session = createSession({
      cwd: "/p",
      config: {
        overrides: [
          { files: ["a/**"], rules: { "next-action": "off" } },
          { files: ["*.json"], profile: "verified-delivery" },
        ],
      },
    });
    const a1 = settingsFor("/p/a/1.md", session);
    const a2 = settingsFor("/p/a/2.md", session);
    const aj = settingsFor("/p/a/3.json", session);
    expect(a1).toBe(a2);
    expect(aj).not.toBe(a1);
    expect(settingsFor("/p/b.md", session).prepared).toBe(session.prepared);
    expect([...session.overrideSettings.keys()]).toEqual(["", "0", "0,1"]);
    expect(a1.prepared.entries.map((e) => e.rule.meta.id)).not.toContain("next-action");
    expect(aj.configuredProfile).toBe("verified-delivery");
  });
});

describe("--only", () => {
  const repoRoot = path.resolve(import.meta.dirname, "../..");
  async function lintCorpus(
    args: string[],
  ): Promise<{ code: number; files: Array<{ path: string; profile: string; diagnostics: Array<{ ruleId: string; line: number; column: number }> }> }> {
    let out = "";
    const code = await runCli(["lint", "--format", "json", "--now", "2026-03-01T00:00:00Z", ...args, "corpus/hostile", "corpus/trust", "corpus/generic"], {
      cwd: repoRoot,
      env: { NO_COLOR: "1" },
      stdout: { write: (t: string) => (out += t) },
      stderr: { write: () => undefined },
    });
    return { code, files: (JSON.parse(out) as { files: [] }).files };
  }

  it("reports exactly the full run's findings of the named rules, same profiles, with and without workers", async () => {
    const full = await lintCorpus(["--no-workers"]);
    // The rules whose metadata says `runsAlways` stay on with --only (a file that could not be read is still reported).
    const wanted = new Set(["no-secrets", "injection-override", "file-read", "file-encoding", "markdown-limits"]);
    const expected = full.files.map((f) => ({ ...f, diagnostics: f.diagnostics.filter((d) => wanted.has(d.ruleId)) }));
    const alone = await lintCorpus(["--no-workers", "--only", "no-secrets, HK030"]);
    expect(alone.files).toEqual(expected);
    expect(alone.files.flatMap((f) => f.diagnostics).length).toBe(expected.flatMap((f) => f.diagnostics).length);
    expect(expected.flatMap((f) => f.diagnostics).length).toBeGreaterThan(0);
    expect(alone.code).toBe(1);
    const onWorkers = await lintCorpus(["--workers", "1", "--only", "no-secrets", "--only", "injection-override"]);
    expect(onWorkers.files).toEqual(expected);
  });

  it("exits 2 for an empty list (an unset variable must not turn every rule off)", async () => {
    write("a.md", CLEAN);
    for (const empty of ["", ","]) {
      const result = await cli(["lint", "--only", empty, "a.md"]);
      expect(result.code).toBe(2);
      expect(result.err).toBe("handoff: --only needs at least one rule name (an id such as 'no-secrets' or a code such as 'HK020')\n");
    }
  });

  it("exits 2 for a markdownlint rule name", async () => {
    write("a.md", CLEAN);
    const result = await cli(["lint", "--only", "MD013", "a.md"]);
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      "handoff: --only takes handoffkit rules (and 'markdownlint' for all of its rules), not 'MD013': set markdownlint rules with --rule\n",
    );
  });
});
