/**
 * `install-hook`: installs a git pre-commit hook that runs `handoff lint --staged`, so the
 * staged content of changed handoffs is checked before each commit (the working tree is not what
 * gets committed, the index is).
 *
 * - The hooks directory is git's own answer (`git rev-parse --git-path hooks`), so `core.hooksPath`
 *   and worktrees are respected.
 * - A hook manager owns the hooks in many repositories, and its hook files are dispatchers or are
 *   regenerated on every install: they are never renamed or replaced. With husky (`core.hooksPath`
 *   in `.husky/`), the line `npx --no-install handoff lint --staged` is added to `.husky/pre-commit`, the
 *   file husky's users edit (their own commands stay first, byte for byte); with lefthook,
 *   pre-commit or simple-git-hooks nothing is written and {@link InstallResult.manager} says what
 *   to add to that tool's config ({@link MANAGER_SNIPPETS}).
 * - Otherwise an existing pre-commit hook that is not ours is kept: it is renamed to
 *   `pre-commit.handoffkit-chained` and called first; its failure blocks the commit as before.
 * - A hooks directory that does not exist yet (`core.hooksPath` set ahead of time) is made.
 * - The hook fails closed: when `node` or the handoffkit package cannot be found it prints why and
 *   exits 1 (blocking the commit) instead of silently letting it through.
 * - Writes are atomic (write-file-atomic) and read back.
 */
import { existsSync, readFileSync } from "node:fs";
import { access, chmod, mkdir, readFile, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { atomicWrite, AtomicWriteError } from "../0-platform/fs/atomic-write.js";
import { GitError, runGit } from "../0-platform/git/run.js";
import { UserError } from "./errors.js";

/** First line after the shebang of every hook we write: how we recognise our own hook. */
export const HOOK_MARKER = "# handoffkit-hook v1";

/** Name the previous pre-commit hook gets when we chain it. */
export const CHAINED_HOOK_NAME = "pre-commit.handoffkit-chained";

/** `'…'` quoting for POSIX sh: safe for any path. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The CLI entry of this handoffkit installation: the esbuild bundle `<package>/dist/bundle/main.js`
 * (the `handoff` bin, all the package ships), else, in a checkout not yet bundled, the compiled
 * `dist/src/6-front-ends/bin/main.js`.
 */
export function installedCliPath(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: string };
      if (pkg.name === "handoffkit") {
        const bundle = path.join(dir, "dist", "bundle", "main.js");
        return existsSync(bundle) ? bundle : path.join(dir, "dist", "src", "6-front-ends", "bin", "main.js");
      }
    } catch {
      // not here; go up
    }
    dir = path.dirname(dir);
  }
  return fileURLToPath(new URL("../6-front-ends/bin/main.js", import.meta.url));
}

/**
 * The hook script (POSIX sh). It looks for handoffkit in the repository's own `node_modules`
 * first (the version the project pins: its bundle, or the compiled modules of a version without
 * one), then at `cliPath` (the installation that wrote the hook).
 */
export function hookScript(cliPath: string): string {
  return `#!/bin/sh
${HOOK_MARKER}: written by \`handoff install-hook\`; rerun it to update this file.
# Lints the STAGED content of changed handoff files (handoff lint --staged) and blocks the commit on
# errors. Fails closed when node or handoffkit cannot be found. Skip once: git commit --no-verify.
case $0 in
  */*) hook_dir=\${0%/*} ;;
  *) hook_dir=. ;;
esac
hook_dir=$(CDPATH= cd -- "\${hook_dir:-/}" && pwd) || exit 1
chained="$hook_dir/${CHAINED_HOOK_NAME}"
if [ -x "$chained" ]; then
  "$chained" "$@" || exit $?
fi
if ! command -v node >/dev/null 2>&1; then
  echo "handoffkit pre-commit hook: 'node' was not found on PATH, so staged handoffs cannot be checked; commit blocked." >&2
  echo "Install Node.js 20.19 or newer (or make it visible to git hooks), or skip this check once with 'git commit --no-verify'." >&2
  exit 1
fi
top=$(git rev-parse --show-toplevel) || exit 1
cli=""
for candidate in "$top/node_modules/handoffkit/dist/bundle/main.js" "$top/node_modules/handoffkit/dist/src/cli/main.js" ${shellQuote(cliPath)}; do
  if [ -f "$candidate" ]; then
    cli=$candidate
    break
  fi
done
if [ -z "$cli" ]; then
  echo "handoffkit pre-commit hook: handoffkit was not found (looked for $top/node_modules/handoffkit and "${shellQuote(cliPath)}"); commit blocked." >&2
  echo "Run 'npm install' (or 'npm install --save-dev handoffkit') and then 'npx handoff install-hook' again, or skip once with 'git commit --no-verify'." >&2
  exit 1
fi
node "$cli" lint --staged
status=$?
if [ "$status" -ne 0 ]; then
  echo "commit blocked by handoffkit (git commit --no-verify skips it)" >&2
fi
exit "$status"
`;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** The hook managers {@link installHook} recognises. */
export type HookManager = "husky" | "lefthook" | "pre-commit" | "simple-git-hooks";

/** The command a hook manager's pre-commit step runs. */
export const STAGED_LINT_COMMAND = "npx --no-install handoff lint --staged";

/**
 * What to add to each manager's config that {@link installHook} does not write itself: lefthook's
 * `lefthook.yml` (https://lefthook.dev/configuration/), pre-commit's `.pre-commit-config.yaml`
 * (https://pre-commit.com/#repository-local-hooks; the `repo:` form is in the README) and
 * simple-git-hooks' `package.json` key (https://github.com/toplenboren/simple-git-hooks).
 */
export const MANAGER_SNIPPETS: Record<Exclude<HookManager, "husky">, { file: string; snippet: string; then: string }> = {
  lefthook: {
    file: "lefthook.yml",
    snippet: `pre-commit:\n  commands:\n    handoffkit:\n      run: ${STAGED_LINT_COMMAND}\n`,
    then: "npx lefthook install",
  },
  "pre-commit": {
    file: ".pre-commit-config.yaml",
    snippet: `repos:\n  - repo: local\n    hooks:\n      - id: handoff-lint\n        name: handoffkit lint\n        entry: ${STAGED_LINT_COMMAND}\n        language: system\n        pass_filenames: false\n        always_run: true\n`,
    then: "pre-commit install",
  },
  "simple-git-hooks": {
    file: "package.json",
    snippet: `"simple-git-hooks": { "pre-commit": "${STAGED_LINT_COMMAND}" }\n`,
    then: "npx simple-git-hooks",
  },
};

/** What {@link installHook} did. */
export interface InstallResult {
  /** The file written: our hook, or husky's `.husky/pre-commit`; undefined when a manager's config needs the change. */
  hookPath: string | undefined;
  /** Where the previous hook now lives, when one was chained. */
  chainedPath: string | undefined;
  /** The hook was ours already and was rewritten (husky: the line was there already). */
  updated: boolean;
  /** The hook manager found, when one owns the hooks. */
  manager?: HookManager;
  /** Why that manager was recognised (a file, a setting). */
  managerEvidence?: string;
}

/** A hook cannot be installed: printed as one line, exit 2. */
export class HookError extends UserError {
  override name = "HookError";
}

/** The repository's hooks directory, as git answers it. @throws HookError outside a git repository. */
async function hooksDirectory(cwd: string): Promise<string> {
  try {
    return path.resolve(cwd, (await runGit(["rev-parse", "--git-path", "hooks"], cwd)).stdout.toString("utf8").trim());
  } catch (error) {
    if (error instanceof GitError && /not a git repository/i.test(error.message)) {
      throw new HookError(`not a git repository: ${cwd} (run install-hook inside the repository to guard)`);
    }
    throw error;
  }
}

/** What {@link uninstallHook} did. */
export interface UninstallResult {
  hookPath: string;
  /** Our hook was there and is gone. */
  removed: boolean;
  /** The chained hook moved back to `pre-commit`, byte for byte. */
  restored: boolean;
  /** A `pre-commit` hook that is not ours, left unchanged. */
  foreign: boolean;
}

/**
 * Removes our pre-commit hook from the repository at `cwd`, and moves a hook we chained back to
 * `pre-commit` (a rename: its bytes are unchanged). A hook that is not ours is left alone.
 * @throws HookError outside a git repository.
 */
export async function uninstallHook(cwd: string): Promise<UninstallResult> {
  const hooksDir = await hooksDirectory(cwd);
  const top = await topLevel(cwd);
  if ((await detectHookManager(top, hooksDir))?.manager === "husky") return removeFromHusky(path.join(top, ".husky", "pre-commit"));
  const hookPath = path.join(hooksDir, "pre-commit");
  const chainedPath = path.join(hooksDir, CHAINED_HOOK_NAME);
  if (!(await exists(hookPath))) return { hookPath, removed: false, restored: false, foreign: false };
  if (!(await readFile(hookPath, "utf8")).includes(HOOK_MARKER)) return { hookPath, removed: false, restored: false, foreign: true };
  if (await exists(chainedPath)) {
    await rename(chainedPath, hookPath);
    return { hookPath, removed: true, restored: true, foreign: false };
  }
  await unlink(hookPath);
  return { hookPath, removed: true, restored: false, foreign: false };
}

/** What `install-hook --uninstall` prints for `result`, paths relative to `cwd`. */
export function uninstallMessage(result: UninstallResult, cwd: string): string {
  const relative = path.relative(cwd, result.hookPath) || result.hookPath;
  if (result.restored) return `removed the handoffkit pre-commit hook; the previous hook is back at ${relative}\n`;
  if (result.removed) return `removed the handoffkit pre-commit hook: ${relative}\n`;
  if (result.foreign) return `no handoffkit hook to remove: ${relative} is another hook, left unchanged\n`;
  return `no handoffkit hook to remove: ${relative} does not exist\n`;
}

/** The repository's top level. */
async function topLevel(cwd: string): Promise<string> {
  return path.resolve(cwd, (await runGit(["rev-parse", "--show-toplevel"], cwd)).stdout.toString("utf8").trim());
}

async function fileText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * The hook manager that owns the hooks of the repository at `top` whose hooks directory is
 * `hooksDir`, with the evidence: husky's hooks path, a manager's config file, or a hook it wrote.
 */
export async function detectHookManager(top: string, hooksDir: string): Promise<{ manager: HookManager; evidence: string } | undefined> {
  const husky = path.join(top, ".husky");
  if (hooksDir === husky || hooksDir.startsWith(husky + path.sep)) return { manager: "husky", evidence: `core.hooksPath ${path.relative(top, hooksDir)}` };
  const hook = (await fileText(path.join(hooksDir, "pre-commit"))) ?? "";
  for (const name of [
    "lefthook.yml",
    ".lefthook.yml",
    "lefthook.yaml",
    ".lefthook.yaml",
    "lefthook.json",
    ".lefthook.json",
    "lefthook.toml",
    ".lefthook.toml",
  ]) {
    if (await exists(path.join(top, name))) return { manager: "lefthook", evidence: name };
  }
  if (/\blefthook\b/.test(hook)) return { manager: "lefthook", evidence: "the pre-commit hook runs lefthook" };
  if (await exists(path.join(top, ".pre-commit-config.yaml"))) return { manager: "pre-commit", evidence: ".pre-commit-config.yaml" };
  if (/File generated by pre-commit/.test(hook)) return { manager: "pre-commit", evidence: "the pre-commit hook was written by pre-commit" };
  const pkg = await fileText(path.join(top, "package.json"));
  let pkgKey = false;
  try {
    pkgKey = pkg !== undefined && Object.hasOwn(JSON.parse(pkg) as object, "simple-git-hooks");
  } catch {
    // a package.json that is not JSON names no manager
  }
  if (pkgKey) return { manager: "simple-git-hooks", evidence: "package.json simple-git-hooks" };
  for (const name of [
    ".simple-git-hooks.json",
    ".simple-git-hooks.js",
    ".simple-git-hooks.cjs",
    "simple-git-hooks.json",
    "simple-git-hooks.js",
    "simple-git-hooks.cjs",
  ]) {
    if (await exists(path.join(top, name))) return { manager: "simple-git-hooks", evidence: name };
  }
  if (/simple-git-hooks/.test(hook)) return { manager: "simple-git-hooks", evidence: "the pre-commit hook was written by simple-git-hooks" };
  return undefined;
}

/**
 * Adds {@link STAGED_LINT_COMMAND} as the last line of husky's `.husky/pre-commit` (made when
 * absent), keeping every byte before it; a file that runs it already is left as it is.
 * @returns whether the line was there already.
 */
async function addToHusky(file: string): Promise<boolean> {
  const current = await fileText(file);
  if (current !== undefined && /(?:^|\n)[^#\n]*\bhandoff lint --staged\b/.test(current)) return true;
  const before = current === undefined || current === "" ? "" : current.endsWith("\n") ? current : `${current}\n`;
  let mode = 0o755;
  if (current !== undefined) mode = (await stat(file)).mode & 0o777;
  await mkdir(path.dirname(file), { recursive: true });
  await atomicWrite(file, new TextEncoder().encode(`${before}${STAGED_LINT_COMMAND}\n`), { mode });
  return false;
}

/** Removes the line {@link addToHusky} adds from husky's hook file; every other byte stays. */
async function removeFromHusky(file: string): Promise<UninstallResult> {
  const current = await fileText(file);
  const line = `${STAGED_LINT_COMMAND}\n`;
  if (current === undefined) return { hookPath: file, removed: false, restored: false, foreign: false };
  const at = current.startsWith(line) ? 0 : current.indexOf(`\n${line}`) + 1;
  if (at <= 0 && !current.startsWith(line)) return { hookPath: file, removed: false, restored: false, foreign: true };
  const mode = (await stat(file)).mode & 0o777;
  await atomicWrite(file, new TextEncoder().encode(current.slice(0, at) + current.slice(at + line.length)), { mode });
  return { hookPath: file, removed: true, restored: false, foreign: false };
}

/**
 * Installs the pre-commit hook for the repository at `cwd`, or, where a hook manager owns the
 * hooks, adds the lint to husky's hook file or says what to add to the manager's config.
 * @throws HookError outside a git repository, when a chained hook exists already, or when the write fails.
 */
export async function installHook(cwd: string, cliPath: string = installedCliPath()): Promise<InstallResult> {
  const hooksDir = await hooksDirectory(cwd);
  const found = await detectHookManager(await topLevel(cwd), hooksDir);
  try {
    if (found?.manager === "husky") {
      const huskyFile = path.join(await topLevel(cwd), ".husky", "pre-commit");
      const updated = await addToHusky(huskyFile);
      return { hookPath: huskyFile, chainedPath: undefined, updated, manager: "husky", managerEvidence: found.evidence };
    }
    if (found) return { hookPath: undefined, chainedPath: undefined, updated: false, manager: found.manager, managerEvidence: found.evidence };
    return await installOwnHook(hooksDir, cliPath);
  } catch (error) {
    if (error instanceof AtomicWriteError) throw new HookError(error.message);
    throw error;
  }
}

async function installOwnHook(hooksDir: string, cliPath: string): Promise<InstallResult> {
  const hookPath = path.join(hooksDir, "pre-commit");
  const chainedPath = path.join(hooksDir, CHAINED_HOOK_NAME);
  let chained: string | undefined;
  let updated = false;
  await mkdir(hooksDir, { recursive: true });
  if (await exists(hookPath)) {
    const current = await readFile(hookPath, "utf8");
    if (current.includes(HOOK_MARKER)) {
      updated = true;
    } else {
      if (await exists(chainedPath)) {
        throw new HookError(`${chainedPath} exists already; merge it with ${hookPath} by hand, then run install-hook again`);
      }
      // A move of the user's own hook, not a write of new bytes: the rename is atomic by itself.
      await rename(hookPath, chainedPath);
      // Git ran it only if it was executable; keep that decision but make sure we can call it.
      await chmod(chainedPath, 0o755);
      chained = chainedPath;
    }
  }
  if (!chained && (await exists(chainedPath))) chained = chainedPath;
  await atomicWrite(hookPath, new TextEncoder().encode(hookScript(cliPath)), { mode: 0o755 });
  return { hookPath, chainedPath: chained, updated };
}
