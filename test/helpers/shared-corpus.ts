/**
 * Locating the real public corpus (`../shared/corpus-public` beside the clone in CI). Tests that
 * read it skip with a clear message when it is absent (a user's fresh clone).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (the folder holding package.json). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** `../shared/corpus-public` beside the clone, else `/work/shared/corpus-public`, else undefined. */
export const sharedCorpus: string | undefined = [path.resolve(repoRoot, "../shared/corpus-public"), "/work/shared/corpus-public"].find((dir) =>
  existsSync(path.join(dir, "docs")),
);

/** Message printed by skipped tests. */
export const SHARED_CORPUS_MISSING = "../shared/corpus-public is absent (a fresh clone without CI's shared folder): skipping";
