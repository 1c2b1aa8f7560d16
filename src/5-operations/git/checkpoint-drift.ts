/**
 * Drift between a sno progress record and its checkout now: the `DRIFT` lines of
 * `handoff checkpoint --verify` (see `src/2-parse/document/sno-record.ts` for the record).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { SnoRecord } from "../../2-parse/document/sno-record.js";
import { countCommitsSince, isAncestor, resolveCommit } from "../../0-platform/git/queries.js";
import { runGit } from "../../0-platform/git/run.js";
import { compareBytewise, type CheckoutSnapshot } from "./snapshot.js";

/** Length of the commit ids the record writes. */
export const RECORD_SHA_LENGTH = 12;

/**
 * The drift lines (without the `DRIFT ` prefix), in this order: branch, head, then paths bytewise.
 * Empty when the checkout matches the record. Path kinds:
 * - `new: p` — uncommitted now, not in the record;
 * - `changed: p` — uncommitted in both, content differs;
 * - `settled: p (no longer uncommitted)` — in the record, clean now (committed, or restored);
 * - `gone: p` — in the record with content, and the file no longer exists.
 */
export async function checkpointDrift(record: SnoRecord, now: CheckoutSnapshot): Promise<string[]> {
  const lines: string[] = [];
  const recordedBranch = record.branch ?? "(detached)";
  const currentBranch = now.branch ?? "(detached)";
  if (recordedBranch !== currentBranch) lines.push(`branch ${recordedBranch} -> ${currentBranch}`);
  const recordedHead = record.head?.short;
  const currentHead = now.head?.sha;
  if (recordedHead !== undefined && currentHead !== undefined && !currentHead.startsWith(recordedHead)) {
    lines.push(`head moved ${recordedHead}..${currentHead.slice(0, RECORD_SHA_LENGTH)} (${await since(now.checkout, recordedHead, currentHead)})`);
  } else if (recordedHead === undefined && currentHead !== undefined) {
    lines.push(`head moved (none)..${currentHead.slice(0, RECORD_SHA_LENGTH)} (${plural(await countAll(now.checkout), "commit")} since)`);
  } else if (recordedHead !== undefined && currentHead === undefined) {
    lines.push(`head moved ${recordedHead}..(none) (no commits now)`);
  }
  const recorded = new Map(record.uncommitted.map((p) => [p.path, p]));
  const current = new Map(now.uncommitted.map((p) => [p.path, p]));
  const paths = [...new Set([...recorded.keys(), ...current.keys()])].sort(compareBytewise);
  for (const p of paths) {
    const before = recorded.get(p);
    const after = current.get(p);
    if (!before && after) lines.push(`new: ${p}`);
    else if (before && after) {
      if (before.sha256 !== after.sha256) lines.push(`changed: ${p}`);
    } else if (before) {
      const exists = existsSync(path.join(now.checkout, ...p.split("/")));
      // A recorded deletion that is now clean and absent was committed: settled, not gone.
      if (!exists && before.sha256 !== undefined) lines.push(`gone: ${p}`);
      else lines.push(`settled: ${p} (no longer uncommitted)`);
    }
  }
  return lines;
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

async function since(root: string, recorded: string, head: string): Promise<string> {
  const full = await resolveCommit(root, recorded);
  if (!full) return "recorded commit not in this repository";
  if (!(await isAncestor(root, full, head))) return "recorded commit is not an ancestor of HEAD: history was rewritten or another line of work is checked out";
  return `${plural(await countCommitsSince(root, full), "commit")} since`;
}

async function countAll(root: string): Promise<number> {
  const out = await runGit(["rev-list", "--count", "HEAD", "--"], root);
  return Number(out.stdout.toString("utf8").trim());
}

/** The sno record that states `snapshot` (checkpoint number, time and writer given). */
export function recordFromSnapshot(snapshot: CheckoutSnapshot, checkpoint: number, updated: string, by: string): SnoRecord {
  const commit = (c: { sha: string; subject: string }) => ({ short: c.sha.slice(0, RECORD_SHA_LENGTH), subject: c.subject });
  return {
    checkpoint,
    updated,
    by,
    checkout: snapshot.checkout,
    branch: snapshot.branch,
    head: snapshot.head ? commit(snapshot.head) : undefined,
    recent: snapshot.recent.map(commit),
    uncommitted: snapshot.uncommitted.map((p) => ({ status: p.status, path: p.path, sha256: p.sha256 })),
  };
}
