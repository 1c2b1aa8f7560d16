/**
 * Sizes of discovered files, for deciding how to run before any is read: a run starts worker
 * threads only when there is enough work for them (`src/3-check/pipeline/pool.ts`).
 */
import { stat } from "node:fs/promises";
import path from "node:path";

/** Files stat'ed at a time. */
const STATS_IN_FLIGHT = 16;

/**
 * The summed sizes of `files` in bytes, stat'ed in order a few at a time, stopping as soon as the
 * sum reaches `atLeast` (so a 100k-file run stats only the first files). A file that cannot be
 * stat'ed counts 0 (its read reports the problem later). Relative paths are relative to `cwd`.
 * @returns the sum, which is ≥ `atLeast` exactly when all the files together are that large.
 */
export async function bytesUpTo(files: readonly string[], atLeast: number, cwd: string): Promise<number> {
  let sum = 0;
  for (let start = 0; start < files.length && sum < atLeast; start += STATS_IN_FLIGHT) {
    const sizes = await Promise.all(
      files.slice(start, start + STATS_IN_FLIGHT).map((file) =>
        stat(path.resolve(cwd, file)).then(
          (info) => info.size,
          () => 0,
        ),
      ),
    );
    for (const size of sizes) sum += size;
  }
  return sum;
}
