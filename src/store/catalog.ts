/**
 * Reading what is in a store: each handoff's id, profile, status, branch, dates and summary, and
 * which one is the newest open handoff.
 */
import { buildDocument, type LintSession } from "../lint.js";
import { readSource } from "../load/read.js";
import { secretValuesToMask } from "../secrets/document.js";
import { maskText } from "../secrets/mask.js";
import type { DirectoryStore, StoredHandoff } from "./store.js";

/** One handoff's catalogue entry. */
export interface CatalogEntry {
  handoff: StoredHandoff;
  profile: string;
  /** `status` from frontmatter or record; undefined when the format has none. */
  status: string | undefined;
  branch: string | undefined;
  /** `updated` (or `updated_at`, else `created`) as written; undefined when absent. */
  updated: string | undefined;
  summary: string | undefined;
  /** Milliseconds since the epoch used for ordering: `updated`, else `created`, else file mtime. */
  sortKey: number;
}

const OPEN_STATUSES = new Set(["open", "in-progress", "blocked", "handed-off"]);

/** True when a handoff may be resumed: no status (formats without one), or an open one. */
export function isOpen(entry: CatalogEntry): boolean {
  return entry.status === undefined || OPEN_STATUSES.has(entry.status);
}

/**
 * Parses `handoff` just enough to catalogue it (no rules run). Every text taken from the document
 * is masked against the document's secrets (`src/secrets/mask.ts`): a listing prints them.
 */
export async function catalogEntry(handoff: StoredHandoff, session: LintSession): Promise<CatalogEntry> {
  const source = await readSource(handoff.path, { cwd: session.cwd, maxBytes: session.maxFileSize });
  const { document } = buildDocument(source, session);
  const data = ((document.format === "json" ? document.record?.data : document.frontmatter?.data) ?? {}) as Record<string, unknown>;
  let secrets: string[] | undefined;
  const masked = (value: string | undefined) => (value === undefined ? undefined : maskText(value, (secrets ??= secretValuesToMask(document))));
  const text = (key: string) => (typeof data[key] === "string" ? (data[key] as string) : undefined);
  const updated = text("updated") ?? text("updated_at") ?? text("created");
  const parsed = updated ? Date.parse(updated) : Number.NaN;
  const firstHeading = document.sections[0]?.title;
  return {
    handoff,
    profile: document.profileId,
    status: masked(text("status")),
    branch: masked(text("branch")),
    updated: masked(updated),
    summary: masked(text("summary") ?? text("directive") ?? firstHeading),
    sortKey: Number.isNaN(parsed) ? handoff.mtimeMs : parsed,
  };
}

/** Every handoff in `store`, newest first (ties: by id). */
export async function catalog(store: DirectoryStore, session: LintSession, includeArchived: boolean): Promise<CatalogEntry[]> {
  const entries: CatalogEntry[] = [];
  for (const handoff of await store.list(includeArchived)) entries.push(await catalogEntry(handoff, session));
  return entries.sort((a, b) => b.sortKey - a.sortKey || (a.handoff.id < b.handoff.id ? -1 : 1));
}

/** The newest open handoff, or undefined. */
export async function latestOpen(store: DirectoryStore, session: LintSession): Promise<CatalogEntry | undefined> {
  return (await catalog(store, session, false)).find(isOpen);
}
