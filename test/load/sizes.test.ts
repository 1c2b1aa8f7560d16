/**
 * Summed file sizes for the worker decision: exact below the bound, stopped soon after it.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bytesUpTo } from "../../src/1-load/sizes.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-sizes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// 40 files of 100, 200, …, 4000 bytes: 82,000 bytes in all.
const files = Array.from({ length: 40 }, (_, i) => {
  const name = `f${String(i).padStart(2, "0")}.md`;
  writeFileSync(path.join(dir, name), "x".repeat((i + 1) * 100));
  return name;
});

describe("bytesUpTo", () => {
  it("sums every file when the bound is not reached, relative paths against cwd, a missing file as 0", async () => {
    expect(await bytesUpTo(files, 1e9, dir)).toBe(82_000);
    expect(await bytesUpTo([...files, "missing.md"], 1e9, dir)).toBe(82_000);
    expect(
      await bytesUpTo(
        files.map((f) => path.join(dir, f)),
        1e9,
        "/nonexistent",
      ),
    ).toBe(82_000);
    expect(await bytesUpTo([], 1, dir)).toBe(0);
  });

  it("stops after the batch of 16 stats that reaches the bound", async () => {
    // The first 16 files hold 13,600 bytes: a bound of 1,000 is met there and no further file is read.
    expect(await bytesUpTo(files, 1_000, dir)).toBe(13_600);
    // 13,601 needs the second batch (files 17–32: 13,600 + 39,200).
    expect(await bytesUpTo(files, 13_601, dir)).toBe(52_800);
  });
});
