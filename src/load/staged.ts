/**
 * Load stage for `lint --staged`: the staged (index) content of changed handoffs, not the working
 * tree — a secret staged and then removed only from the working tree is still what gets committed.
 */
import path from "node:path";
import ignore from "ignore";
import picomatch from "picomatch";
import { gitTopLevel, stagedBlob, stagedPaths } from "../git/repository.js";
import { isHandoffPath } from "./handoff-files.js";
import { sourceFromBytes, type SourceFile } from "./read.js";

/** Options of {@link loadStagedSources}. */
export interface StagedOptions {
  cwd: string;
  /** Paths, directories or globs (relative to `cwd`) that limit the files; default: the handoff files of the repository ({@link isHandoffPath}). */
  filters?: readonly string[];
  /** gitignore-style patterns (config `ignores`), relative to `cwd`. */
  ignores?: readonly string[];
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
 * The staged sources to lint, in index order, displayed relative to `cwd`.
 * @throws GitError outside a git repository or when git fails.
 */
export async function loadStagedSources(options: StagedOptions): Promise<SourceFile[]> {
  const cwd = path.resolve(options.cwd);
  const top = await gitTopLevel(cwd);
  const ig = ignore().add([...(options.ignores ?? [])]);
  const sources: SourceFile[] = [];
  for (const indexPath of await stagedPaths(top)) {
    const abs = path.resolve(top, indexPath);
    if (options.filters && options.filters.length > 0) {
      if (!matchesFilter(abs, cwd, options.filters)) continue;
    } else if (!isHandoffPath(indexPath)) continue;
    const relative = path.relative(cwd, abs);
    if (relative && !relative.startsWith("..") && ig.ignores(relative.split(path.sep).join("/"))) continue;
    sources.push(sourceFromBytes(abs, await stagedBlob(top, indexPath), cwd));
  }
  return sources;
}
