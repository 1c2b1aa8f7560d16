/**
 * `log`: the audit trail of one handoff of the git store, the commits of `refs/handoffs/default`
 * that changed it, newest first (src/5-operations/store/git-history.ts).
 */
import { handoffHistory, type HandoffChange } from "./store/git-history.js";
import { DEFAULT_GIT_STORE_NAME, handoffRef } from "./store/git-store.js";
import type { OperationContext } from "./context.js";

/** The history of one handoff. */
export interface LogResult {
  /** The store's ref (`refs/handoffs/default`). */
  ref: string;
  /** The id, file name or path asked for. */
  id: string;
  /** Every path the handoff had in the store's tree. */
  paths: string[];
  /** The commits that added, changed or removed it, newest first. */
  commits: HandoffChange[];
}

/**
 * The git store's history of handoff `id`.
 * @throws HandoffHistoryError when there is no such store or handoff; StoreEscapeError for a name
 * that leaves the store.
 */
export async function handoffLog(id: string, context: OperationContext): Promise<LogResult> {
  const ref = handoffRef(DEFAULT_GIT_STORE_NAME);
  const history = await handoffHistory(context.cwd, ref, id);
  return { ref, id, paths: history.paths, commits: history.changes };
}

const STATUS_WORDS: Record<string, string> = { A: "added", M: "changed", D: "removed" };

/** One line per commit: short hash, date, author, what changed. */
export function logLines(result: LogResult): string[] {
  return result.commits.map(
    (c) => `${c.commit.slice(0, 12)}  ${c.date}  ${c.author}  ${c.changes.map((x) => `${STATUS_WORDS[x.status] ?? x.status} ${x.path}`).join(", ")}`,
  );
}
