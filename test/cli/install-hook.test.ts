/**
 * The installed pre-commit hook, end to end, in a temporary git repository. The hook runs the built
 * CLI (`dist/`), which `npm test` builds first.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CHAINED_HOOK_NAME, HOOK_MARKER, installedCliPath } from "../../src/5-operations/install-hook.js";
import { runCli } from "../../src/6-front-ends/cli/program.js";

const BROKEN = "---js\nmodule.exports = { id: 1 }\n---\n# Notes\n\n## Next steps\n\n- run the tests\n";
const CLEAN = "# Notes\n\n## Next steps\n\n- run the tests\n";

let repo: string;

function sh(args: string[], options: { env?: NodeJS.ProcessEnv } = {}) {
  return spawnSync(args[0] as string, args.slice(1), { cwd: repo, encoding: "utf8", env: options.env ?? process.env });
}

function gitIn(...args: string[]): string {
  return execFileSync("git", args, { cwd: repo, encoding: "utf8" });
}

async function install(...flags: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(["install-hook", ...flags], {
    cwd: repo,
    env: {},
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (err += t) },
  });
  return { code, out, err };
}

/** A token no-secrets flags (fake: the FAKE prefix is ours). */
const TOKEN = `ghp_FAKE${"7Qm2xVb9LkT4pZr8NcW3yHd6JsGf5A1e"}`;

async function lintDirectory(dir: string): Promise<{ code: number; out: string }> {
  let out = "";
  const code = await runCli(["lint", "--no-config", dir], {
    cwd: repo,
    env: { NO_COLOR: "1" },
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: () => undefined },
  });
  return { code, out };
}

beforeEach(() => {
  repo = mkdtempSync(path.join(os.tmpdir(), "handoffkit-hook-"));
  gitIn("init", "-q", "-b", "main");
  gitIn("config", "user.email", "test@example.invalid");
  gitIn("config", "user.name", "handoffkit test");
  gitIn("config", "commit.gpgsign", "false");
});

afterEach(() => {
  rmSync(repo, { recursive: true, force: true });
});

describe("install-hook", () => {
  it("needs the built CLI", () => {
    expect(existsSync(installedCliPath()), `${installedCliPath()} is missing: run npm run build`).toBe(true);
  });

  it("runs the bundled bin, the project's own installation first", async () => {
    expect(path.relative(path.resolve(import.meta.dirname, "../.."), installedCliPath())).toBe(path.join("dist", "bundle", "main.js"));
    await install();
    const script = readFileSync(path.join(repo, ".git", "hooks", "pre-commit"), "utf8");
    const candidates = /^for candidate in (.*); do$/m.exec(script)?.[1];
    expect(candidates).toBe(`"$top/node_modules/handoffkit/dist/bundle/main.js" "$top/node_modules/handoffkit/dist/src/cli/main.js" '${installedCliPath()}'`);
  });

  it("blocks a staged error that was fixed only in the working tree, and passes once the fix is staged", async () => {
    expect(await install()).toEqual({ code: 0, out: "installed pre-commit hook: .git/hooks/pre-commit\n", err: "" });
    mkdirSync(path.join(repo, "handoffs"));
    const file = path.join(repo, "handoffs", "2026-01-01 session é.md");
    writeFileSync(file, BROKEN);
    gitIn("add", "--", file);
    writeFileSync(file, CLEAN); // fixed in the working tree only
    const blocked = sh(["git", "commit", "-q", "-m", "broken"]);
    expect(blocked.status).toBe(1);
    // git sends a hook's standard output to standard error.
    expect(blocked.stderr).toBe(
      "handoffs/2026-01-01 session é.md\n  1:1  error  Unsupported frontmatter language '---js': handoffkit reads YAML, JSON and TOML frontmatter and never evaluates a block  frontmatter-syntax\n\n✖ 1 problem (1 error, 0 warnings, 0 info) in 1 of 1 file\ncommit blocked by handoffkit (git commit --no-verify skips it)\n",
    );
    expect(sh(["git", "rev-parse", "--verify", "-q", "HEAD"]).status).not.toBe(0);

    gitIn("add", "--", file);
    const passed = sh(["git", "commit", "-q", "-m", "fixed"]);
    expect(passed.stderr).toBe("✔ 1 file checked, no problems\n");
    expect(passed.status).toBe(0);
    expect(gitIn("log", "--format=%s")).toBe("fixed\n");
  });

  it("lints what `git commit PATH` commits: the hook's own index (GIT_INDEX_FILE), not the repository's index", async () => {
    await install();
    mkdirSync(path.join(repo, "handoffs"));
    const file = path.join(repo, "handoffs", "session.md");
    writeFileSync(file, CLEAN);
    gitIn("add", "--", file);
    expect(sh(["git", "commit", "-q", "-m", "clean"]).status).toBe(0);
    writeFileSync(file, BROKEN); // not added: only `git commit PATH` puts it in the commit
    const blocked = sh(["git", "commit", "-q", "-m", "broken", "--", file]);
    expect(blocked.status).toBe(1);
    expect(blocked.stderr.split("\n")[0]).toBe("handoffs/session.md");
    expect(gitIn("log", "--format=%s")).toBe("clean\n");
  });

  it("ignores staged files that are not handoffs", async () => {
    await install();
    writeFileSync(path.join(repo, "notes.md"), BROKEN);
    gitIn("add", "notes.md");
    const commit = sh(["git", "commit", "-q", "-m", "not a handoff"]);
    expect(commit.status).toBe(0);
    // A commit without handoff changes: the hook prints nothing.
    expect(commit.stderr).toBe("");
    expect(commit.stdout).toBe("");
  });

  it.each([["notes/session-handoff.txt"], ["Handoffs/2026-03-01 session.md"], ["docs/handoff-2026-03-01.md"], ["HANDOFFS/STATE.MD"]])(
    "blocks a secret in %s, which lint DIR lints too (one definition of a handoff file)",
    async (name) => {
      await install();
      const file = path.join(repo, name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `# Session\n\n## Next steps\n\n- deploy with ${TOKEN}\n`);
      gitIn("add", "--", name);
      const blocked = sh(["git", "commit", "-q", "-m", "leak"]);
      expect(blocked.status).toBe(1);
      expect(blocked.stderr.split("\n")[0]).toBe(name);
      expect(blocked.stderr).toContain("no-secrets");
      expect(blocked.stderr).not.toContain(TOKEN);
      expect(sh(["git", "rev-parse", "--verify", "-q", "HEAD"]).status).not.toBe(0);
      const linted = await lintDirectory(path.dirname(name));
      expect(linted.code).toBe(1);
      expect(linted.out.split("\n")[0]).toBe(name);
    },
  );

  it("respects core.hooksPath and chains the hook that was there, which still blocks on failure", async () => {
    gitIn("config", "core.hooksPath", ".githooks");
    mkdirSync(path.join(repo, ".githooks"));
    const previous = path.join(repo, ".githooks", "pre-commit");
    writeFileSync(previous, '#!/bin/sh\necho ran >> "$(git rev-parse --show-toplevel)/chained.log"\n[ ! -f "$(git rev-parse --show-toplevel)/block" ]\n');
    chmodSync(previous, 0o755);
    const result = await install();
    expect(result.out).toBe("installed pre-commit hook: .githooks/pre-commit\nit runs the previous hook first: .githooks/pre-commit.handoffkit-chained\n");
    expect(readFileSync(previous, "utf8")).toContain(HOOK_MARKER);
    expect(readFileSync(path.join(repo, ".githooks", CHAINED_HOOK_NAME), "utf8")).toContain("chained.log");

    writeFileSync(path.join(repo, "HANDOFF-x.md"), CLEAN);
    gitIn("add", "HANDOFF-x.md");
    writeFileSync(path.join(repo, "block"), "");
    expect(sh(["git", "commit", "-q", "-m", "blocked by the old hook"]).status).toBe(1);
    rmSync(path.join(repo, "block"));
    expect(sh(["git", "commit", "-q", "-m", "ok"]).status).toBe(0);
    expect(readFileSync(path.join(repo, "chained.log"), "utf8")).toBe("ran\nran\n");

    // Installing again updates our hook and keeps the chain.
    expect((await install()).out).toBe(
      "updated pre-commit hook: .githooks/pre-commit\nit runs the previous hook first: .githooks/pre-commit.handoffkit-chained\n",
    );
  });

  it("fails closed when node is not on PATH", async () => {
    await install();
    const bin = path.join(repo, "bin-without-node");
    mkdirSync(bin);
    for (const tool of ["git", "dirname", "sh"]) {
      const found = execFileSync("sh", ["-c", `command -v ${tool}`], { encoding: "utf8" }).trim();
      symlinkSync(found, path.join(bin, tool));
    }
    const run = sh(["/bin/sh", path.join(repo, ".git", "hooks", "pre-commit")], { env: { PATH: bin } });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("handoffkit pre-commit hook: 'node' was not found on PATH, so staged handoffs cannot be checked; commit blocked.");
  });

  it("fails closed when handoffkit cannot be found", async () => {
    await install();
    const hook = path.join(repo, ".git", "hooks", "pre-commit");
    writeFileSync(hook, readFileSync(hook, "utf8").split(installedCliPath()).join("/nonexistent/handoffkit/main.js"));
    const run = sh([hook]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("handoffkit pre-commit hook: handoffkit was not found");
    expect(run.stderr).toContain("/nonexistent/handoffkit/main.js");
  });

  it("reports a clear error outside a git repository", async () => {
    rmSync(path.join(repo, ".git"), { recursive: true, force: true });
    const result = await install();
    expect(result.code).toBe(2);
    expect(result).toEqual({ code: 2, out: "", err: `handoff: not a git repository: ${repo} (run install-hook inside the repository to guard)\n` });
  });

  it("--uninstall removes only our hook: a chained hook comes back byte for byte, another tool's hook stays", async () => {
    expect(await install("--uninstall")).toEqual({ code: 0, out: "no handoffkit hook to remove: .git/hooks/pre-commit does not exist\n", err: "" });
    await install();
    expect(await install("--uninstall")).toEqual({ code: 0, out: "removed the handoffkit pre-commit hook: .git/hooks/pre-commit\n", err: "" });
    const hook = path.join(repo, ".git", "hooks", "pre-commit");
    expect(existsSync(hook)).toBe(false);

    const theirs = "#!/bin/sh\r\n# another tool's hook \u00e9\r\nexit 0\r\n";
    writeFileSync(hook, theirs);
    chmodSync(hook, 0o755);
    await install();
    expect(readFileSync(hook, "utf8")).toContain(HOOK_MARKER);
    expect(await install("--uninstall")).toEqual({
      code: 0,
      out: "removed the handoffkit pre-commit hook; the previous hook is back at .git/hooks/pre-commit\n",
      err: "",
    });
    expect(readFileSync(hook, "utf8")).toBe(theirs);
    expect(existsSync(path.join(repo, ".git", "hooks", CHAINED_HOOK_NAME))).toBe(false);
    expect(await install("--uninstall")).toEqual({
      code: 0,
      out: "no handoffkit hook to remove: .git/hooks/pre-commit is another hook, left unchanged\n",
      err: "",
    });
    expect(readFileSync(hook, "utf8")).toBe(theirs);
  });
});
