import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CommandIO } from "../../src/6-front-ends/cli/io.js";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { packageVersion } from "../../src/5-operations/package-info.js";

/** A CommandIO that records what the command writes. */
function fakeIO(cwd: string, env: NodeJS.ProcessEnv = {}, isTTY = false) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIO = {
    cwd,
    env,
    stdout: { write: (text: string) => out.push(text), isTTY },
    stderr: { write: (text: string) => err.push(text) },
  };
  return { io, stdout: () => out.join(""), stderr: () => err.join("") };
}

let cwd: string;

function write(relative: string, content: string): void {
  const file = path.join(cwd, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

async function run(argv: string[], env: NodeJS.ProcessEnv = {}, isTTY = false, dir = cwd) {
  const io = fakeIO(dir, env, isTTY);
  const code = await runCli(argv, io.io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

// One clean handoff, one with a warning (no next steps), one with an error (duplicate key).
const CLEAN = "# Handoff\n\n## Next steps\n\n- Run `npm test`.\n";
const WARNING = "# Handoff\n\n## Current state\n\n- TODO ship the exporter.\n";
const ERROR = "---\nstatus: open\nstatus: done\n---\n\n# Handoff\n\n## Next steps\n\n- Deploy.\n";
const ESC = String.fromCharCode(27);

beforeEach(() => {
  cwd = mkdtempSync(path.join(os.tmpdir(), "handoffkit-cli-"));
});
afterEach(() => {
  rmSync(cwd, { recursive: true, force: true });
});

describe("handoff (program)", () => {
  it("prints help and exits 0", async () => {
    const result = await run(["--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: handoff \[options\] \[command\]\n/);
    expect(result.stdout).toContain("lint [options] [paths...]");
    expect(result.stderr).toBe("");
  });

  it("prints the lint command's help and exits 0", async () => {
    const result = await run(["lint", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("--max-warnings <n>");
  });

  it.each([["--version"], ["-v"]])("prints the version with %s and exits 0", async (flag) => {
    const result = await run([flag]);
    expect(result).toEqual({ code: 0, stdout: `${packageVersion()}\n`, stderr: "" });
    expect(packageVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("exits 2 on an unknown option, saying which", async () => {
    const result = await run(["lint", "--bogus"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("handoff: unknown option '--bogus'");
    expect(result.stdout).toBe("");
  });

  it("exits 2 on an unknown command", async () => {
    const result = await run(["frobnicate"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown command 'frobnicate'");
  });
});

describe("handoff lint", () => {
  beforeEach(() => {
    write("h/clean.md", CLEAN);
    write("h/warning.md", WARNING);
    write("h/error.md", ERROR);
  });

  it("prints stylish output with cwd-relative paths and a summary, exit 1 on an error", async () => {
    const result = await run(["lint", "h"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      [
        "h/error.md",
        "  3:1  error  Duplicate frontmatter key 'status'  frontmatter-syntax",
        "",
        "h/warning.md",
        "  1:1  warning  No next-action section, though work is pending (a TODO or FIXME marker): say what the next session should do first (e.g. '## Next steps')  next-action",
        "",
        "✖ 2 problems (1 error, 1 warning, 0 info) in 2 of 3 files",
        "",
      ].join("\n"),
    );
    expect(result.stderr).toBe("");
  });

  it("exits 0 with a check mark when nothing is found", async () => {
    expect(await run(["lint", "h/clean.md"])).toEqual({ code: 0, stdout: "✔ 1 file checked, no problems\n", stderr: "" });
  });

  it("prints the documented JSON shape with --format json", async () => {
    const result = await run(["lint", "--format", "json", "h"]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      files: [
        {
          path: "h/clean.md",
          profile: "generic",
          diagnostics: [],
        },
        {
          path: "h/error.md",
          profile: "generic",
          diagnostics: [
            {
              ruleId: "frontmatter-syntax",
              severity: "error",
              message: "Duplicate frontmatter key 'status'",
              line: 3,
              column: 1,
              endLine: 3,
              endColumn: 2,
            },
          ],
        },
        {
          path: "h/warning.md",
          profile: "generic",
          diagnostics: [
            {
              ruleId: "next-action",
              severity: "warning",
              message:
                "No next-action section, though work is pending (a TODO or FIXME marker): say what the next session should do first (e.g. '## Next steps')",
              line: 1,
              column: 1,
              endLine: 1,
              endColumn: 1,
            },
          ],
        },
      ],
      summary: { files: 3, errors: 1, warnings: 1, infos: 0 },
    });
  });

  it("exits 2 on an unknown format", async () => {
    const result = await run(["lint", "--format", "xml", "h"]);
    expect(result).toEqual({ code: 2, stdout: "", stderr: "handoff: unknown format 'xml' (known: text (or stylish, table), json, sarif, github, junit)\n" });
  });

  it("shows errors only with --quiet, and still exits on them", async () => {
    const quiet = await run(["lint", "--quiet", "--format", "json", "h"]);
    expect(quiet.code).toBe(1);
    const files = (JSON.parse(quiet.stdout) as { files: Array<{ diagnostics: Array<{ ruleId: string }> }> }).files;
    expect(files.map((f) => f.diagnostics.map((d) => d.ruleId))).toEqual([[], ["frontmatter-syntax"], []]);
    expect(await run(["lint", "-q", "h/warning.md"])).toEqual({ code: 0, stdout: "✔ 1 file checked, no errors (1 warning hidden by --quiet)\n", stderr: "" });
  });

  it("exits 1 when warnings exceed --max-warnings, 0 when within it", async () => {
    expect(await run(["lint", "--max-warnings", "0", "h/warning.md"])).toMatchObject({
      code: 1,
      stderr: "handoff: 1 warning exceeds --max-warnings 0\n",
    });
    expect(await run(["lint", "--max-warnings", "1", "h/warning.md"])).toMatchObject({ code: 0, stderr: "" });
    expect(await run(["lint", "h/warning.md"])).toMatchObject({ code: 0 });
  });

  it("exits 2 when --max-warnings is not a whole number", async () => {
    expect(await run(["lint", "--max-warnings", "many", "h"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "handoff: --max-warnings expects a whole number, got 'many'\n",
    });
  });

  it("colours output on a terminal, and not with NO_COLOR or --no-color", async () => {
    expect((await run(["lint", "h"], {}, true)).stdout).toContain(`${ESC}[`);
    expect((await run(["lint", "h"], { NO_COLOR: "1" }, true)).stdout).not.toContain(ESC);
    expect((await run(["lint", "--no-color", "h"], {}, true)).stdout).not.toContain(ESC);
    expect((await run(["lint", "h"], {}, false)).stdout).not.toContain(ESC);
    expect((await run(["lint", "h"], { FORCE_COLOR: "1" }, false)).stdout).toContain(`${ESC}[`);
  });

  it("exits 2 when an input matches no file, naming it", async () => {
    expect(await run(["lint", "h/clean.md", "missing/", "nothing-*.md"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "handoff: no files match 'missing/'\nhandoff: no files match 'nothing-*.md'\n",
    });
  });

  it("lints the working directory when no path is given", async () => {
    const result = await run(["lint", "--format", "json"]);
    expect((JSON.parse(result.stdout) as { summary: { files: number } }).summary.files).toBe(3);
  });

  it("sets a rule's severity with --rule, and exits 2 on a malformed --rule", async () => {
    expect(await run(["lint", "--rule", "frontmatter-syntax=warning", "h/error.md"])).toMatchObject({ code: 0 });
    expect(await run(["lint", "--rule", "frontmatter-syntax", "h"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "handoff: --rule expects RULE=error|warning|info|off, got 'frontmatter-syntax'\n",
    });
  });
});

describe("handoff lint: config", () => {
  beforeEach(() => {
    write("h/warning.md", WARNING);
  });

  const findings = async (dir = cwd, extra: string[] = []) => {
    const result = await run(["lint", "--format", "json", ...extra, path.relative(dir, path.join(cwd, "h"))], {}, false, dir);
    expect(result.stderr).toBe("");
    const files = (JSON.parse(result.stdout) as { files: Array<{ diagnostics: Array<{ ruleId: string; severity: string }> }> }).files;
    return files.flatMap((f) => f.diagnostics.map((d) => `${d.ruleId} ${d.severity}`));
  };

  it("finds handoff.config.json in the working directory", async () => {
    write("handoff.config.json", JSON.stringify({ rules: { "next-action": "error" } }));
    expect(await findings()).toEqual(["next-action error"]);
  });

  it("finds .handoffrc.json, .handoffrc and package.json's handoff key, searching upward", async () => {
    mkdirSync(path.join(cwd, "sub", "deeper"), { recursive: true });
    write("package.json", JSON.stringify({ name: "x", handoff: { rules: { "next-action": "off" } } }));
    expect(await findings(path.join(cwd, "sub", "deeper"))).toEqual([]);
    write("sub/.handoffrc", JSON.stringify({ rules: { "next-action": "info" } }));
    expect(await findings(path.join(cwd, "sub", "deeper"))).toEqual(["next-action info"]);
    write("sub/deeper/.handoffrc.json", JSON.stringify({ rules: { "next-action": "error" } }));
    expect(await findings(path.join(cwd, "sub", "deeper"))).toEqual(["next-action error"]);
  });

  it("ignores config files with --no-config and reads the one given with --config", async () => {
    write("handoff.config.json", JSON.stringify({ rules: { "next-action": "off" } }));
    write("other.json", JSON.stringify({ rules: { "next-action": "error" } }));
    expect(await findings(cwd, ["--no-config"])).toEqual(["next-action warning"]);
    expect(await findings(cwd, ["--config", "other.json"])).toEqual(["next-action error"]);
  });

  it.each([
    ["invalid JSON", "{ rules: }", /^handoff: .*handoff\.config\.json:1:3: invalid JSON \(invalid symbol\)\n$/],
    [
      "a trailing comma, at its line and column",
      '{\n  "rules": {\n    "next-action": "warning",\n  }\n}\n',
      /^handoff: .*handoff\.config\.json:4:3: invalid JSON \(property name expected\)\n$/,
    ],
    ["an empty file", "\n  \n", /^handoff: .*handoff\.config\.json: the config file is empty \(write \{\} for no settings, or delete it\)\n$/],
    ["a file of zero bytes", "", /^handoff: .*handoff\.config\.json: the config file is empty/],
    [
      "a schema violation",
      JSON.stringify({ rules: { MD013: "loud" } }),
      /^handoff: .*handoff\.config\.json: rules\.MD013: must be equal to one of the allowed values\n$/,
    ],
    ["an unknown key", JSON.stringify({ rulez: {} }), /^handoff: .*handoff\.config\.json: \(root\): must NOT have additional properties 'rulez'\n$/],
    [
      "an unknown profile",
      JSON.stringify({ profile: "nope" }),
      /^handoff: unknown profile 'nope' \(known: hatch3r, verified-delivery, sno, contract, generic\)\n$/,
    ],
  ])("exits 2 with one line for %s", async (_name, content, message) => {
    write("handoff.config.json", content);
    const result = await run(["lint", "h"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(message);
  });

  it("exits 2 when the --config file cannot be read", async () => {
    expect(await run(["lint", "--config", "absent.json", "h"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "handoff: cannot read config absent.json: ENOENT\n",
    });
  });
});

describe("small guards", () => {
  it("refuses to write the report over a file being linted, and a zero --max-file-size", async () => {
    const { runCli } = await import("../../src/6-front-ends/cli/program.js");
    const { captureIO } = await import("../helpers/capture-io.js");
    const { repoRoot } = await import("../helpers/locations.js");
    const cap = captureIO(repoRoot);
    expect(await runCli(["lint", "-o", "corpus/generic/clean.md", "corpus/generic/clean.md"], cap.io)).toBe(2);
    expect(cap.stderr()).toBe("handoff: --output-file corpus/generic/clean.md is one of the files being linted\n");
    const zero = captureIO(repoRoot);
    expect(await runCli(["lint", "--max-file-size", "0", "corpus/generic/clean.md"], zero.io)).toBe(2);
    expect(zero.stderr()).toBe("handoff: --max-file-size must be at least 1 byte\n");
    const status = captureIO(repoRoot);
    expect(await runCli(["list", "--status", "bogus", "--dir", "corpus/hatch3r"], status.io)).toBe(2);
    expect(status.stderr()).toBe("handoff: unknown status 'bogus' (known: open, in-progress, blocked, handed-off, resumed, completed, archived)\n");
  });
});
