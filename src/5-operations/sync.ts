/**
 * `sync`: the git stores here and on the remote made one (src/5-operations/store/git-sync.ts): fetch, merge by
 * handoff, push without force, retried when another clone pushed first. A handoff changed on both
 * sides is reported, never overwritten.
 */
import { syncStores, type SyncOutcome } from "./store/git-sync.js";
import type { OperationContext } from "./context.js";

/** What `sync` did. */
export interface SyncResult {
  /** The remote's name or URL. */
  remote: string;
  /** One outcome per store ref. */
  stores: SyncOutcome[];
  /** How many handoffs changed on both sides (both versions kept). */
  conflicts: number;
}

/**
 * Syncs every git store with `remote` (default `origin`).
 * @throws SyncError or GitError when the remote cannot be fetched or pushed.
 */
export async function syncHandoffs(remote: string | undefined, context: OperationContext): Promise<SyncResult> {
  const name = remote ?? "origin";
  const stores = await syncStores(context.cwd, name);
  return { remote: name, stores, conflicts: stores.reduce((n, o) => n + o.conflicts.length, 0) };
}

/** What `sync` prints: each store's action, then each conflict. */
export function syncLines(result: SyncResult): string[] {
  if (result.stores.length === 0) return [`no git store here or on ${result.remote}`];
  const lines: string[] = [];
  for (const o of result.stores) {
    lines.push(`${o.ref}: ${o.action} (${o.commit.slice(0, 12)})`);
    for (const c of o.conflicts) {
      const theirs = c.theirsKeptAs
        ? `theirs kept as ${c.theirsKeptAs}`
        : c.ours === null
          ? "removed here, changed there: their version kept"
          : "changed here, removed there: ours kept";
      lines.push(
        `  conflict: ${c.path} changed on both sides; ours kept at ${c.path}, ${theirs} (both versions: git show ${c.theirsCommit.slice(0, 12)}:${c.path})`,
      );
    }
  }
  return lines;
}
