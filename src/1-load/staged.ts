/**
 * Load stage for `lint --staged`: the staged (index) content of changed handoffs, not the working
 * tree — a secret staged and then removed only from the working tree is still what gets committed.
 * Files the ignore files or config `ignores` skip are skipped here too.
 */
import path from "node:path";
import picomatch from "picomatch";
import { gitTopLevel, stagedBlob, stagedBlobSize, stagedPaths } from "../0-platform/git/repository.js";
import { isHandoffPath } from "./handoff-files.js";
import { anyIgnored, ignoreFilesTest, ignoreTest } from "./ignores.js";
import { DEFAULT_MAX_FILE_BYTES, sourceFromBytes, tooLargeSource, type SourceFile } from "./read.js";

/** Options of {@link loadStagedSources}. */
export interface StagedOptions {
  cwd: string;
  /** Paths, directories or globs (relative to `cwd`) that limit the files; default: the handoff files of the repository ({@link isHandoffPath}). */
  filters?: readonly string[];
  /** gitignore-style patterns (config `ignores`), relative to `ignoresDir`. */
  ignores?: readonly string[];
  /** The directory `ignores` are relative to: the config file's (default `cwd`). */
  ignoresDir?: string;
  /** Largest staged blob read, in bytes (default 1 MiB): a larger one is a `too-large` source, never read. */
  maxBytes?: number;
}

function matchesFilter(abs: string, cwd: string, filters: readonly string[]): boolean {
  const relative = path.relative(cwd, abs).split(path.sep).join("/");
  return filters.some((filter) => {
    const target = path.resolve(cwd, filter);
    if (abs === target || abs.startsWith(target + path.sep)) return true;
    return picomatch.isMatch(relative, filter, { dot: true });
  });
}

/**
 * The staged sources to lint, in index order, displayed relative to `cwd`. Each blob's size is asked
 * first: one over the size limit is reported as a file on disk would be and is never read.
 * @throws GitError outside a git repository or when git fails.
 */
export async function loadStagedSources(options: StagedOptions): Promise<SourceFile[]> {
  const cwd = path.resolve(options.cwd);
  // git prints staged paths relative to the top level from any directory of the repository, so
  // both questions go to git at once; outside a repository the top-level query's error is the one
  // reported.
  const listing = stagedPaths(cwd);
  listing.catch(() => undefined);
  const top = await gitTopLevel(cwd);
  const staged = await listing;
  // The same ignore files as a run over paths: a file `.handoffignore` skips is skipped here too.
  const isIgnored = anyIgnored([await ignoreFilesTest(cwd), ignoreTest(options.ignores ?? [], path.resolve(cwd, options.ignoresDir ?? "."))]);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
  const sources: SourceFile[] = [];
  for (const indexPath of staged) {
    const abs = path.resolve(top, indexPath);
    if (options.filters && options.filters.length > 0) {
      if (!matchesFilter(abs, cwd, options.filters)) continue;
    } else if (!isHandoffPath(indexPath)) continue;
    if (isIgnored(abs)) continue;
    const size = await stagedBlobSize(top, indexPath);
    sources.push(size > maxBytes ? tooLargeSource(abs, size, cwd, maxBytes) : sourceFromBytes(abs, await stagedBlob(top, indexPath), cwd, { maxBytes }));
  }
  return sources;
}
