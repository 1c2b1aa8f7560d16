/**
 * gitignore-style patterns (the `ignore` npm package implements git's rules) anchored at a
 * directory: config `ignores` at the config file's directory, as `overrides` globs are, and the
 * working directory's `.gitignore` / `.handoffignore` at the working directory.
 */
import path from "node:path";
import ignore from "ignore";

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
