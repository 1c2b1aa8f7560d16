/**
 * `resume`: validate the newest (or named) open handoff — the checks of src/5-operations/resume/resume.ts in
 * hatch3r's order — and, unless it is a dry run, move its status to `resumed`.
 *
 * Which handoff, with no name: `.verified-delivery/handoff.json` when it is an open record, then
 * `prBody`, then the newest open handoff of every store that exists, in the selection order of
 * `./store/catalog.ts` (the document's `updated`/`created`, then the time in the file name, then
 * the path; never the file's modification time). The other open handoffs are named as candidates.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { workTreeRoot } from "../0-platform/git/queries.js";
import { resumeFile, type ResumeReport, type StepOutcome } from "./resume/resume.js";
import type { ResumeCandidate } from "./resume/report-text.js";
import { changeStatus, ConcurrentChangeError, TransitionError } from "./resume/status-change.js";
import { isStatus, RESUMABLE } from "./resume/transitions.js";
import { catalogEntry, isOpen, openHandoffs, type CatalogEntry } from "./store/catalog.js";
import { resolveInside, StoreEscapeError } from "./store/naming.js";
import { handoffPathTest } from "./store/store-paths.js";
import { DirectoryStore } from "./store/store.js";
import { envOf, type OperationContext } from "./context.js";
import { UserError } from "./errors.js";
import { storeLabel, withStore, type OpenedStore, type StoreOptions, type StoreRun } from "./store-access.js";

/** Options of {@link resumeHandoff}. */
export interface ResumeOptions extends StoreOptions {
  /** Check and report, change nothing (no status move). */
  dryRun?: boolean;
  /** Run the read-only drift check against the live repository (default true). */
  git?: boolean;
  /** Also refuse on an integrity mismatch or missing digest, drift, and expiry warnings. */
  strict?: boolean;
  /** A pull-request description holding a fenced verified-delivery record. */
  prBody?: string;
}

/** How the handoff was chosen. */
export type ResumeSelection = "named" | "verified-delivery" | "pr-body" | "newest-open";

/** One check, as the JSON report lists it: one per finding, one per note, one with `message: null` for a step that found nothing. */
export interface ResumeCheck {
  check: string;
  /** The step's outcome (`ok`, `warning`, `notice`, `refused`), or `note`. */
  outcome: string;
  message: string | null;
  line: number | null;
  column: number | null;
  ruleId: string | null;
}

/** Nothing to resume. */
export interface ResumeNone {
  verdict: "none";
  dryRun: boolean;
  strict: boolean;
  /** Why: no open handoff in the stores, or no store. */
  reason: string;
  path: null;
  /** The stores read, relative to the working directory. */
  stores: string[];
  candidates: [];
}

/** The handoff cannot be read or decoded. */
export interface ResumeUnusable {
  verdict: "unusable";
  dryRun: boolean;
  strict: boolean;
  path: string;
  problems: string[];
  candidates: ResumeCandidate[];
}

/** The handoff was checked: resumed, or refused by a check. */
export interface ResumeChecked {
  verdict: "resumed" | "refused";
  dryRun: boolean;
  strict: boolean;
  selection: ResumeSelection;
  path: string;
  profile: string;
  /** The same fields for every profile, from the frontmatter (or record); null where it has none. */
  handoff: Record<string, unknown>;
  /** The frontmatter (or record) as parsed, secrets masked; null when there is none. */
  frontmatter: Record<string, unknown> | null;
  checks: ResumeCheck[];
  /** The other open handoffs, newest first. */
  candidates: ResumeCandidate[];
  confidence: number | null;
  confidenceLow: boolean;
  /** verified-delivery: the pending step where work must stop. */
  gate: string | null;
  parts: ResumeReport["parts"];
  /** The content between the user-tier markers (empty unless resumed). */
  userTier: string;
  /** The status move: `to` is null on a dry run (unchanged). */
  statusChange: { from: string; to: string | null } | null;
  stats: ResumeReport["stats"];
  /** Everything the checks decided, for a reader that renders it (the CLI's text report). */
  report: ResumeReport;
  /** The status move in words (`status open -> resumed`). */
  statusLine?: string;
  /** The status could not be moved: another session changed the handoff first, or the lifecycle forbids it. */
  statusRefused?: string;
}

/** What `resume` decided. */
export type ResumeResult = ResumeNone | ResumeUnusable | ResumeChecked;

interface Target {
  file: string | undefined;
  selection: ResumeSelection;
  /** The other open handoffs, newest first. */
  others: CatalogEntry[];
}

/** The named handoff: an id or file name in any store, else a file under the working directory. */
async function named(name: string, stores: readonly DirectoryStore[], cwd: string): Promise<string | undefined> {
  for (const store of stores) {
    try {
      return (await store.read(name)).path;
    } catch (error) {
      if (error instanceof StoreEscapeError) throw error;
    }
  }
  const inside = resolveInside(cwd, name);
  return existsSync(inside) ? inside : undefined;
}

/** @throws StoreEscapeError for names that leave the store or the working directory. */
async function target(
  name: string | undefined,
  options: ResumeOptions,
  stores: readonly DirectoryStore[],
  context: OperationContext,
  session: Parameters<typeof openHandoffs>[1],
): Promise<Target> {
  if (name !== undefined) return { file: await named(name, stores, context.cwd), selection: "named", others: [] };
  const open = await openHandoffs(stores, session);
  const vdPath = path.join(context.cwd, ".verified-delivery", "handoff.json");
  const vd = open.find((e) => e.handoff.path === vdPath) ?? (existsSync(vdPath) ? await vdEntry(vdPath, context, session) : undefined);
  const rest = open.filter((e) => e.handoff.path !== vdPath);
  if (vd && isOpen(vd) && vd.status !== undefined) return { file: vdPath, selection: "verified-delivery", others: rest };
  if (options.prBody) return { file: path.resolve(context.cwd, options.prBody), selection: "pr-body", others: rest };
  return { file: rest[0]?.handoff.path, selection: "newest-open", others: rest.slice(1) };
}

/** The verified-delivery record's entry when its store is not among `stores` (`dir`). */
async function vdEntry(file: string, context: OperationContext, session: Parameters<typeof openHandoffs>[1]): Promise<CatalogEntry> {
  const store = new DirectoryStore(
    { root: path.dirname(file), layout: "verified-delivery", profile: "verified-delivery", reason: "existing .verified-delivery/handoff.json", exists: true },
    envOf(context),
  );
  return catalogEntry({ path: file, id: "handoff", archived: false, mtimeMs: 0 }, store, session);
}

function candidate(entry: CatalogEntry, cwd: string): ResumeCandidate {
  return {
    path: storeLabel(entry.handoff.path, cwd),
    id: entry.handoff.id,
    profile: entry.profile,
    status: entry.status ?? null,
    updated: entry.updated ?? null,
    store: storeLabel(entry.store.location.root, cwd),
  };
}

/** The same fields for every profile, from the frontmatter (or record); null where it has none. */
function handoffFields(report: ResumeReport, id: string): Record<string, unknown> {
  const f = report.fields ?? {};
  const pick = (...keys: string[]) => keys.map((k) => f[k]).find((v) => v !== undefined && v !== null) ?? null;
  return {
    id: pick("id") ?? id,
    status: pick("status"),
    created: pick("created"),
    updated: pick("updated", "updated_at"),
    expiresAfter: pick("expires_after"),
    branch: pick("branch"),
    gitRef: pick("git_ref"),
    headSha: pick("head_sha"),
    repository: pick("repository"),
    sourceAgent: pick("source_agent", "by"),
    targetAgent: pick("target_agent"),
    summary: pick("summary", "directive"),
  };
}

/** Each step's findings and notes as {@link ResumeCheck}s. */
function checks(steps: readonly StepOutcome[]): ResumeCheck[] {
  const none = { line: null, column: null, ruleId: null };
  return steps.flatMap((s) => [
    ...(s.findings.length > 0 || s.notes.length > 0 ? s.findings : [{ message: null, ...none }]).map((f) => ({ check: s.step, outcome: s.outcome, ...f })),
    ...s.notes.map((message) => ({ check: s.step, outcome: "note", message, ...none })),
  ]);
}

/**
 * Resumes the handoff `name` names (an id or file name in any store, or a file under the working
 * directory), else the one the selection order picks.
 * @throws UserError when a named handoff does not exist; StoreEscapeError for a name that leaves
 * the store or the working directory; ConfigError for a bad config or profile.
 */
export async function resumeHandoff(name: string | undefined, options: ResumeOptions, context: OperationContext): Promise<StoreRun<ResumeResult>> {
  return withStore(options, context, true, (opened) => resumeIn(opened, name, options, context));
}

async function resumeIn({ session, stores }: OpenedStore, name: string | undefined, options: ResumeOptions, context: OperationContext): Promise<ResumeResult> {
  const dryRun = Boolean(options.dryRun);
  const strict = Boolean(options.strict);
  const chosen = await target(name, options, stores, context, session);
  const labels = stores.map((s) => storeLabel(s.location.root, context.cwd));
  if (!chosen.file) {
    if (name !== undefined) throw new UserError(`no handoff '${name}' in ${labels.length > 0 ? labels.join(", ") : "any store"} or the working directory`);
    const reason = labels.length > 0 ? `no open handoff in ${labels.join(", ")}` : "no handoff store here";
    return { verdict: "none", dryRun, strict, reason, path: null, stores: labels, candidates: [] };
  }
  let isStorePath: ((p: string) => boolean) | undefined;
  if (options.git !== false) {
    const root = await workTreeRoot(context.cwd).catch(() => undefined);
    if (root)
      isStorePath = handoffPathTest(
        root,
        stores.map((s) => s.location.root),
        [chosen.file],
      );
  }
  const { report, document, bytes } = await resumeFile(chosen.file, { session, git: options.git, strict, isStorePath });
  const candidates = chosen.others.map((e) => candidate(e, context.cwd));
  if (report.verdict === "unusable") return { verdict: "unusable", dryRun, strict, path: report.path, problems: report.problems, candidates };
  let statusLine: string | undefined;
  let statusRefused: string | undefined;
  let statusChange: { from: string; to: string | null } | null = null;
  if (report.verdict === "resumed" && document) {
    const status = document.frontmatter?.data?.status;
    if (document.format === "markdown" && isStatus(status) && RESUMABLE.includes(status)) {
      if (dryRun) {
        statusLine = `status ${status} (unchanged: --dry-run)`;
        statusChange = { from: status, to: null };
      } else {
        try {
          // Resume's own step: any resumable status moves to `resumed` (hatch3r's resume).
          await changeStatus(chosen.file, document, bytes, "resumed", session.now, () => true);
          statusLine = `status ${status} -> resumed`;
          statusChange = { from: status, to: "resumed" };
        } catch (error) {
          if (!(error instanceof ConcurrentChangeError || error instanceof TransitionError)) throw error;
          statusRefused = error.message;
        }
      }
    }
  }
  const result: ResumeChecked = {
    verdict: report.verdict,
    dryRun,
    strict,
    selection: chosen.selection,
    path: report.path,
    profile: report.profile,
    handoff: handoffFields(report, path.basename(chosen.file).replace(/\.[^.]+$/, "")),
    frontmatter: report.fields ?? null,
    checks: checks(report.steps),
    candidates,
    confidence: report.confidence ?? null,
    confidenceLow: report.confidenceLow,
    gate: report.gate ?? null,
    parts: report.parts,
    userTier: report.userTier,
    statusChange,
    stats: report.stats,
    report,
  };
  if (statusLine !== undefined) result.statusLine = statusLine;
  if (statusRefused !== undefined) result.statusRefused = statusRefused;
  return result;
}
