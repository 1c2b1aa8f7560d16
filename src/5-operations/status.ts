/**
 * `status`: an explicit status transition of one handoff, refused when hatch3r's lifecycle does
 * not allow it; `archived` also moves a hatch3r handoff into `archived/`.
 */
import path from "node:path";
import { ConfigError } from "../3-check/engine/config.js";
import { buildDocument } from "../3-check/lint.js";
import { readSource } from "../1-load/read.js";
import { changeStatus, ConcurrentChangeError, TransitionError } from "./resume/status-change.js";
import { isStatus, nextStatuses, STATUSES, type HandoffStatus } from "./resume/transitions.js";
import { StoreEscapeError } from "./store/naming.js";
import type { DirectoryStore, StoredHandoff } from "./store/store.js";
import type { OperationContext } from "./context.js";
import { UserError } from "./errors.js";
import { withStore, type OpenedStore, type StoreOptions, type StoreRun } from "./store-access.js";

/** What `status` did. */
export type StatusResult =
  | {
      changed: true;
      /** The handoff, as the working directory sees it. */
      path: string;
      from: string;
      to: HandoffStatus;
      /** Archived into another directory: where it is now, relative to the working directory. */
      movedTo?: string;
    }
  | {
      changed: false;
      path: string;
      /** Why not: the lifecycle forbids the move, or another session changed the handoff first. */
      reason: string;
      /** The statuses the lifecycle allows from the current one (empty when it is final or unknown). */
      allowed: HandoffStatus[];
    };

/**
 * Moves handoff `id` (an id or file name in any store that exists, looked up in the order `list`
 * and `resume` read them) to status `to`.
 * @throws ConfigError for an unknown status, no such handoff, or a bad config; UserError for an
 * unusable file; StoreEscapeError for an id that leaves the store.
 */
export async function setStatus(id: string, to: string, options: StoreOptions, context: OperationContext): Promise<StoreRun<StatusResult>> {
  if (!isStatus(to)) throw new ConfigError(`unknown status '${to}' (known: ${STATUSES.join(", ")})`);
  return withStore(options, context, false, (opened) => statusIn(opened, id, to, context));
}

async function statusIn({ session, stores }: OpenedStore, id: string, to: HandoffStatus, context: OperationContext): Promise<StatusResult> {
  let found: { store: DirectoryStore; handoff: StoredHandoff } | undefined;
  let missing = `no handoff '${id}'`;
  for (const candidate of stores) {
    try {
      found = { store: candidate, handoff: await candidate.read(id) };
      break;
    } catch (error) {
      if (error instanceof StoreEscapeError) throw error;
      missing = (error as Error).message;
    }
  }
  if (!found) throw new ConfigError(missing);
  const { store, handoff } = found;
  const source = await readSource(handoff.path, { cwd: session.cwd, maxBytes: session.maxFileSize });
  if (source.problems.length > 0) throw new UserError(`${source.displayPath} is unusable: ${source.problems.map((p) => p.message).join("; ")}`);
  const { document } = buildDocument(source, session);
  try {
    const from = await changeStatus(handoff.path, document, source.bytes, to, session.now);
    const result: StatusResult = { changed: true, path: source.displayPath, from, to };
    if (to === "archived") {
      // hatch3r keeps archived handoffs in archived/, beside active/.
      const moved = await store.archive(handoff);
      if (moved !== handoff.path) result.movedTo = path.relative(context.cwd, moved);
    }
    return result;
  } catch (error) {
    if (error instanceof TransitionError) {
      const current = document.frontmatter?.data?.status;
      const allowed = isStatus(current) ? nextStatuses(current) : [];
      return {
        changed: false,
        path: source.displayPath,
        reason: `${error.message}${allowed.length ? ` (allowed: ${allowed.join(", ")})` : isStatus(current) ? " (it is final)" : ""}`,
        allowed: [...allowed],
      };
    }
    if (error instanceof ConcurrentChangeError) return { changed: false, path: source.displayPath, reason: error.message, allowed: [] };
    throw error;
  }
}

/** What `status` prints: on standard output when it changed, else the refusal for standard error. */
export function statusLines(result: StatusResult): string[] {
  if (!result.changed) return [`handoff status: refused: ${result.reason}`];
  return [`${result.path}: status ${result.from} -> ${result.to}`, ...(result.movedTo !== undefined ? [`${result.path}: moved to ${result.movedTo}`] : [])];
}
