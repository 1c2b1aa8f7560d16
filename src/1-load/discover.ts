/**
 * Load stage, part one: turning the paths, directories and globs a user typed into a list of files.
 *
 * - A path to an existing file is taken literally (even if an ignore file or extension filter
 *   would skip it, and even if its name looks like a glob): explicit beats implicit, as in ESLint.
 * - A directory is searched recursively for handoff files as `./handoff-files.ts` defines them for
 *   a directory the user named (a handoff extension in any case, not a well-known other file such
 *   as `package.json`, `CHANGELOG.md` or `.claude/handoff.json`).
 * - Anything else is a glob (tinyglobby / picomatch syntax).
 * - `.gitignore` and `.handoffignore` of the working directory and its parents up to the
 *   repository's top level (each relative to its own directory), plus config `ignores` (relative
 *   to the config file's directory), filter what directories and globs find (gitignore semantics).
 */
import { lstat, stat } from "node:fs/promises";
import path from "node:path";
import { fdir } from "fdir";
import { glob, isDynamicPattern } from "tinyglobby";
import { isHandoffInDirectory } from "./handoff-files.js";
import { anyIgnored, ignoreFilesTest, ignoreTest, type IgnoreTest } from "./ignores.js";

/** Directories never searched. */
const ALWAYS_IGNORED = ["**/node_modules/**", "**/.git/**"];
const ALWAYS_IGNORED_DIRECTORIES = new Set(["node_modules", ".git"]);

/** What {@link discoverFiles} found. */
export interface Discovery {
  /** Absolute paths, sorted by display path, without duplicates. */
  files: string[];
  /** Inputs that matched nothing: a usage error for the CLI. */
  unmatched: string[];
}

/** Options for {@link discoverFiles}. */
export interface DiscoverOptions {
  cwd?: string;
  /** Extra gitignore-style patterns (from config `ignores`), relative to {@link ignoresDir}. */
  ignores?: readonly string[];
  /** The directory `ignores` are relative to: the config file's (default `cwd`). */
  ignoresDir?: string;
  /** Read `.gitignore` and `.handoffignore` from `cwd` and its parents up to the repository's top level (default true). */
  useIgnoreFiles?: boolean;
}

/** The ignore files of `cwd` and its parents ({@link ignoreFilesTest}) and config `ignores` (relative to their directory). */
async function loadIgnore(cwd: string, options: DiscoverOptions): Promise<IgnoreTest> {
  const files = options.useIgnoreFiles !== false ? await ignoreFilesTest(cwd) : () => false;
  return anyIgnored([files, ignoreTest(options.ignores ?? [], path.resolve(cwd, options.ignoresDir ?? "."))]);
}

/**
 * Expands user inputs into files.
 * @param inputs paths, directories or globs, relative to `options.cwd`.
 * @returns the files found and the inputs that matched nothing; never throws for missing inputs.
 */
export async function discoverFiles(inputs: readonly string[], options: DiscoverOptions = {}): Promise<Discovery> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const isIgnored = await loadIgnore(cwd, options);
  const found = new Set<string>();
  const unmatched: string[] = [];
  for (const input of inputs) {
    const abs = path.resolve(cwd, input);
    const kind = await pathKind(abs);
    if (kind === "file") {
      found.add(abs);
      continue;
    }
    let matches: string[];
    if (kind === "directory") {
      // Symbolic links are listed but not followed into; links to directories are skipped below,
      // links to files (and dangling or looping links) are kept so they get a diagnostic.
      // fdir is called directly (it is what tinyglobby crawls with): tinyglobby's
      // `followSymbolicLinks: false` also sets fdir's `excludeSymlinks`, which silently dropped
      // every link, so a symlink loop inside a directory got no diagnostic.
      matches = await new fdir()
        .withFullPaths()
        .exclude((name) => ALWAYS_IGNORED_DIRECTORIES.has(name))
        .filter((file, isDirectory) => !isDirectory && isHandoffInDirectory(file))
        .crawl(abs)
        .withPromise();
    } else if (isDynamicPattern(input)) {
      matches = await glob(input, {
        cwd,
        absolute: true,
        dot: true,
        onlyFiles: true,
        followSymbolicLinks: false,
        ignore: ALWAYS_IGNORED,
        expandDirectories: false,
      });
    } else if (kind === "link") {
      // A dangling or looping symbolic link named explicitly: keep it so it is reported.
      found.add(abs);
      continue;
    } else {
      unmatched.push(input);
      continue;
    }
    let any = false;
    for (const match of matches) {
      const file = path.resolve(match);
      if (isIgnored(file)) continue;
      if ((await pathKind(file)) === "directory") continue;
      found.add(file);
      any = true;
    }
    if (!any && matches.length === 0) unmatched.push(input);
  }
  const files = [...found].sort((a, b) => compareDisplay(path.relative(cwd, a), path.relative(cwd, b)));
  return { files, unmatched };
}

function compareDisplay(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function pathKind(abs: string): Promise<"file" | "directory" | "link" | "missing"> {
  try {
    const info = await stat(abs);
    if (info.isDirectory()) return "directory";
    return "file";
  } catch {
    try {
      const link = await lstat(abs);
      return link.isSymbolicLink() ? "link" : "missing";
    } catch {
      return "missing";
    }
  }
}
