/**
 * Changing a handoff's `status` (and stamping `updated`) in place: only those values' characters
 * change; the write is atomic, read back, and a compare-and-swap on the bytes the decision was
 * based on, under the file's lock (src/0-platform/fs/file-lock.ts), so of two concurrent `resume` runs
 * exactly one wins.
 */
import { entryOf, writeScalarLike } from "../../2-parse/document/frontmatter-tree.js";
import type { HandoffDocument } from "../../2-parse/document/model.js";
import { atomicWrite } from "../../0-platform/fs/atomic-write.js";
import { renewFrontmatterSeal } from "../../3-check/integrity/seal.js";
import { canTransition, isStatus, type HandoffStatus } from "./transitions.js";

/** Another process holds the lock, or the file changed under us. */
export class ConcurrentChangeError extends Error {
  override name = "ConcurrentChangeError";
}

/** The transition is not allowed, or the document has no status to change. */
export class TransitionError extends Error {
  override name = "TransitionError";
}

/** `2026-11-29T21:47:00Z`: UTC, whole seconds. */
export function utcStamp(now: Date): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}

/**
 * The document text with top-level frontmatter `values` replaced in place (keys that are absent
 * are left absent), in any frontmatter language. Each value is written the way the old one is
 * written (its quotes; a TOML date-time stays bare).
 * @throws TransitionError when the frontmatter is not a mapping or a value is not a one-line scalar.
 */
export function editFrontmatterValues(document: HandoffDocument, values: Readonly<Record<string, string>>): string {
  const fm = document.frontmatter;
  const tree = fm?.tree;
  if (!fm || tree?.kind !== "map") throw new TransitionError("the handoff has no frontmatter mapping to change");
  const edits: Array<{ start: number; end: number; text: string }> = [];
  for (const [key, value] of Object.entries(values)) {
    const entry = entryOf(tree, key);
    if (!entry) continue;
    const node = entry.value;
    const written =
      node?.kind === "scalar" && node.endOffset > node.offset && !/[\r\n]/.test(document.text.slice(node.offset, node.endOffset))
        ? writeScalarLike(fm.language, node, value)
        : undefined;
    if (!node || written === undefined) throw new TransitionError(`frontmatter '${key}' is not a one-line value`);
    edits.push({ start: node.offset, end: node.endOffset, text: written });
  }
  let text = document.text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  return text;
}

/**
 * Moves the handoff's status to `to` and stamps `updated` with `now`.
 * @param original the bytes the document was parsed from (compare-and-swap).
 * @returns the previous status.
 * @throws TransitionError (no status field, unknown status, transition not allowed);
 * ConcurrentChangeError (locked, or the file changed since it was read); AtomicWriteError.
 */
export async function changeStatus(
  file: string,
  document: HandoffDocument,
  original: Uint8Array,
  to: HandoffStatus,
  now: Date,
  allowed: (from: HandoffStatus, to: HandoffStatus) => boolean = canTransition,
): Promise<HandoffStatus> {
  const from = document.frontmatter?.data?.status;
  if (from === undefined) throw new TransitionError("the handoff has no 'status' field");
  if (!isStatus(from)) throw new TransitionError(`unknown status '${String(from)}'`);
  if (!allowed(from, to)) throw new TransitionError(`status '${from}' cannot move to '${to}'`);
  const text = editFrontmatterValues(document, { status: to, updated: utcStamp(now) });
  const body = new TextEncoder().encode(text);
  // The frontmatter's own seal is renewed when it held: this change is handoffkit's, not a tamper.
  const bytes = renewFrontmatterSeal(document, document.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body);
  try {
    // A compare-and-swap under the file's lock (src/0-platform/fs/file-lock.ts).
    await atomicWrite(file, bytes, { expected: original });
  } catch (error) {
    const failure = (error as { failure?: string }).failure;
    if (failure === "changed") throw new ConcurrentChangeError("the handoff changed since it was read (another resume or an edit); nothing was written");
    if (failure === "locked") throw new ConcurrentChangeError((error as Error).message);
    throw error;
  }
  return from;
}
