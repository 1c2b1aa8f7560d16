/**
 * Where tests find the repository and the real public corpus.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Absolute path of the repository (the directory holding package.json). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * The public corpus (`shared/corpus-public`, read-only test data, never copied into the repo):
 * `<repoRoot>/../shared/corpus-public` as CI lays it out, else `/work/shared/corpus-public`
 * (a worktree under /work/wt has no `../shared`). Undefined when neither exists: tests that need
 * it skip with a message.
 */
export const publicCorpusDir: string | undefined = [path.resolve(repoRoot, "../shared/corpus-public"), "/work/shared/corpus-public"].find((dir) =>
  existsSync(path.join(dir, "docs")),
);
