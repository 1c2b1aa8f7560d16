/**
 * Reading what is in the stores: each handoff's id, profile, status, branch, dates and summary, and
 * which one is the newest open handoff.
 *
 * **Selection order** ("newest" for `list` and `resume`), the same on every machine and after any
 * `touch` or `git clone` (file modification times are never read):
 * 1. a handoff's time, newest first: the document's own `updated` (`updated_at` in a
 *    verified-delivery record), else `created`, else the time in its file name
 *    (`2026-03-02_T0900_…`, `HANDOFF-app-20260302T0900Z.md`, `20260302T0900Z-slug.md`,
 *    `2026-03-02-notes.md`; UTC), so a contract handoff (its time only in its name) and a hatch3r
 *    handoff compare by when each was written; a handoff with no time at all comes last;
 * 2. on a tie, the time in the file name, newest first, none last;
 * 3. then the path, in byte order.
 */
import { parseTimestamp } from "../../2-parse/document/timestamp.js";
import { buildDocument, type LintSession } from "../../3-check/lint.js";
import { readSource } from "../../1-load/read.js";
import { secretValuesToMask } from "../../3-check/secrets/document.js";
import { maskText } from "../../3-check/secrets/mask.js";
import type { DirectoryStore, StoredHandoff } from "./store.js";

/** One handoff's catalogue entry. */
export interface CatalogEntry {
  handoff: StoredHandoff;
  /** The store it was found in. */
  store: DirectoryStore;
  profile: string;
  /** `status` from frontmatter or record; undefined when the format has none. */
  status: string | undefined;
  branch: string | undefined;
  /** `updated` (or `updated_at`, else `created`) as written; undefined when absent. */
  updated: string | undefined;
  summary: string | undefined;
  /** The document's own time, ms since the epoch; undefined when it states none. */
  documentTime: number | undefined;
  /** The time in the file name, ms since the epoch. */
  nameTime: number | undefined;
}

const OPEN_STATUSES = new Set(["open", "in-progress", "blocked", "handed-off"]);

/** True when a handoff may be resumed: no status (formats without one), or an open one. */
export function isOpen(entry: CatalogEntry): boolean {
  return entry.status === undefined || OPEN_STATUSES.has(entry.status);
}

/** `2026-03-02_T0900`, `20260302T0900Z`, `2026-03-02T09-00`, `2026-03-02` in a file name. */
const NAME_TIME_RE = /(\d{4})-?(\d{2})-?(\d{2})(?:_?T(\d{2})[:-]?(\d{2})(?:[:-]?(\d{2}))?)?/g;

/**
 * The first real date (and time) in a file name, read as UTC; undefined when it holds none
 * (`20260230` is no date, so the search goes on past it).
 * @returns ms since the epoch.
 */
export function timeInFileName(name: string): number | undefined {
  for (const m of name.matchAll(NAME_TIME_RE)) {
    const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x))) as number[];
    const ms = Date.UTC(year as number, (month as number) - 1, day as number, hour, minute, second);
    const date = new Date(ms);
    // Date.UTC rolls 2026-02-30 over into March: such a name holds no date.
    if (date.getUTCMonth() === (month as number) - 1 && date.getUTCDate() === day && hour <= 23 && minute <= 59 && second <= 59) return ms;
  }
  return undefined;
}

function documentTime(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value !== "string") return undefined;
  const parsed = parseTimestamp(value);
  return parsed.ok ? parsed.date.getTime() : undefined;
}

/** Newer first for defined times; undefined after every defined one. */
function byTime(a: number | undefined, b: number | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return b - a;
}

/** The selection order (see the module comment): negative when `a` is newer than `b`. */
export function compareNewest(a: CatalogEntry, b: CatalogEntry): number {
  return (
    byTime(a.documentTime ?? a.nameTime, b.documentTime ?? b.nameTime) ||
    byTime(a.nameTime, b.nameTime) ||
    Buffer.compare(Buffer.from(a.handoff.path), Buffer.from(b.handoff.path))
  );
}

/**
 * Parses `handoff` just enough to catalogue it (no rules run). Every text taken from the document
 * is masked against the document's secrets (`src/3-check/secrets/mask.ts`): a listing prints them.
 */
export async function catalogEntry(handoff: StoredHandoff, store: DirectoryStore, session: LintSession): Promise<CatalogEntry> {
  const source = await readSource(handoff.path, { cwd: session.cwd, maxBytes: session.maxFileSize });
  const { document } = buildDocument(source, session);
  const data = ((document.format === "json" ? document.record?.data : document.frontmatter?.data) ?? {}) as Record<string, unknown>;
  let secrets: string[] | undefined;
  const masked = (value: string | undefined) => (value === undefined ? undefined : maskText(value, (secrets ??= secretValuesToMask(document))));
  const text = (key: string) => (typeof data[key] === "string" ? (data[key] as string) : undefined);
  const updated = text("updated") ?? text("updated_at") ?? text("created");
  const firstHeading = document.sections[0]?.title;
  return {
    handoff,
    store,
    profile: document.profileId,
    status: masked(text("status")),
    branch: masked(text("branch")),
    updated: masked(updated),
    summary: masked(text("summary") ?? text("directive") ?? firstHeading),
    documentTime: documentTime(data.updated ?? data.updated_at) ?? documentTime(data.created),
    nameTime: timeInFileName(handoff.id),
  };
}

/** Every handoff in `stores`, newest first ({@link compareNewest}); a file two stores share once. */
export async function catalog(stores: readonly DirectoryStore[], session: LintSession, includeArchived: boolean): Promise<CatalogEntry[]> {
  const entries: CatalogEntry[] = [];
  const seen = new Set<string>();
  for (const store of stores) {
    for (const handoff of await store.list(includeArchived)) {
      if (seen.has(handoff.path)) continue;
      seen.add(handoff.path);
      entries.push(await catalogEntry(handoff, store, session));
    }
  }
  return entries.sort(compareNewest);
}

/** The open handoffs of `stores`, newest first: the first is what `resume` picks. */
export async function openHandoffs(stores: readonly DirectoryStore[], session: LintSession): Promise<CatalogEntry[]> {
  return (await catalog(stores, session, false)).filter((e) => isOpen(e) && !e.handoff.archived);
}
