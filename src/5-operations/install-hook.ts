/**
 * `install-hook`: installs a git pre-commit hook that runs `handoff lint --staged`, so the
 * staged content of changed handoffs is checked before each commit (the working tree is not what
 * gets committed, the index is).
 *
 * - The hooks directory is git's own answer (`git rev-parse --git-path hooks`), so `core.hooksPath`
 *   and worktrees are respected.
 * - An existing pre-commit hook that is not ours is kept: it is renamed to
 *   `pre-commit.handoffkit-chained` and called first; its failure blocks the commit as before.
 * - The hook fails closed: when `node` or the handoffkit package cannot be found it prints why and
 *   exits 1 (blocking the commit) instead of silently letting it through.
 * - Writes are atomic (write-file-atomic) and read back.
 */
import { existsSync, readFileSync } from "node:fs";
import { access, readFile, rename, chmod, unlink } from "node:fs/promises";
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

/** What {@link installHook} did. */
export interface InstallResult {
  hookPath: string;
  /** Where the previous hook now lives, when one was chained. */
  chainedPath: string | undefined;
  /** The hook was ours already and was rewritten. */
  updated: boolean;
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

/**
 * Installs the pre-commit hook for the repository at `cwd`.
 * @throws HookError outside a git repository or when a chained hook exists already.
 */
export async function installHook(cwd: string, cliPath: string = installedCliPath()): Promise<InstallResult> {
  const hooksDir = await hooksDirectory(cwd);
  const hookPath = path.join(hooksDir, "pre-commit");
  const chainedPath = path.join(hooksDir, CHAINED_HOOK_NAME);
  let chained: string | undefined;
  let updated = false;
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
  const script = hookScript(cliPath);
  try {
    await atomicWrite(hookPath, new TextEncoder().encode(script), { mode: 0o755 });
  } catch (error) {
    if (error instanceof AtomicWriteError) throw new HookError(error.message);
    throw error;
  }
  return { hookPath, chainedPath: chained, updated };
}
