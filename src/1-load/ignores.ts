/**
 * gitignore-style patterns (the `ignore` npm package implements git's rules) anchored at a
 * directory: config `ignores` at the config file's directory, as `overrides` globs are, and each
 * `.gitignore` / `.handoffignore` at its own directory, from the working directory up to the
 * repository's top level (as git reads those of a file's parent directories).
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import ignore from "ignore";

/** The ignore files read, in each directory. */
export const IGNORE_FILE_NAMES = [".gitignore", ".handoffignore"] as const;

/** True when an absolute path is ignored. */
export type IgnoreTest = (abs: string) => boolean;

/**
 * A test for absolute paths against `patterns` (gitignore syntax) relative to `directory`.
 * Paths outside `directory` (and `directory` itself) never match.
 */
export function ignoreTest(patterns: readonly string[], directory: string): IgnoreTest {
  if (patterns.length === 0) return () => false;
  const ig = ignore().add([...patterns]);
  return (abs) => {
    const rel = path.relative(directory, abs);
    if (!rel || rel.startsWith("..") || path.isAbsolute(rel)) return false;
    return ig.ignores(rel.split(path.sep).join("/"));
  };
}

/** A test that matches when any of `tests` does. */
export function anyIgnored(tests: readonly IgnoreTest[]): IgnoreTest {
  return (abs) => tests.some((test) => test(abs));
}

/**
 * The directories whose ignore files apply to a run in `cwd`: `cwd` and each parent up to the
 * nearest one holding `.git` (a directory, or the file a worktree or submodule has). Outside a
 * repository, `cwd` alone: files of unrelated parent directories are not read.
 */
export function ignoreFileDirectories(cwd: string): string[] {
  const chain: string[] = [];
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    chain.push(dir);
    if (existsSync(path.join(dir, ".git"))) return chain;
    if (path.dirname(dir) === dir) return [path.resolve(cwd)];
  }
}

/**
 * A test against every `.gitignore` and `.handoffignore` of {@link ignoreFileDirectories}, each
 * anchored at its directory. Absent or unreadable files are skipped.
 */
export async function ignoreFilesTest(cwd: string): Promise<IgnoreTest> {
  const tests: IgnoreTest[] = [];
  for (const dir of ignoreFileDirectories(cwd)) {
    const lines: string[] = [];
    for (const name of IGNORE_FILE_NAMES) {
      try {
        lines.push(...(await readFile(path.join(dir, name), "utf8")).split(/\r?\n/));
      } catch {
        // absent ignore files are normal
      }
    }
    if (lines.length > 0) tests.push(ignoreTest(lines, dir));
  }
  return anyIgnored(tests);
}
