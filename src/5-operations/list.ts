/**
 * `list`: the handoffs in every store that exists (or the one `dir` / `profile` names), newest
 * first in the selection order of `./store/catalog.ts`, each with its store and health.
 */
import type { HandoffDocument } from "../2-parse/document/model.js";
import { ConfigError } from "../3-check/engine/config.js";
import { verifyIntegrity, type VerifyStatus } from "../3-check/integrity/verify.js";
import { analyzeSource } from "../3-check/lint.js";
import { readSource } from "../1-load/read.js";
import { isStatus, STATUSES } from "./resume/transitions.js";
import { catalog } from "./store/catalog.js";
import type { OperationContext } from "./context.js";
import { storeLabel, withStore, type OpenedStore, type StoreOptions, type StoreRun } from "./store-access.js";

/** hatch3r warns when more than this many handoffs are active (public repo hatch3r/hatch3r, v2.x). */
export const HATCH3R_ACTIVE_WARNING = 25;

/** Options of {@link listHandoffs}. */
export interface ListOptions extends StoreOptions {
  /** Only these statuses (each may be a comma-separated list). */
  status?: readonly string[];
  /** Include archived handoffs. */
  all?: boolean;
}

/** A listed handoff's health, as fields. */
export interface ListHealth {
  /** What `verify` says about the digest: `ok`, `unsealed` (no digest), `mismatch`, `line-endings`, `malformed`, `not-applicable` (a JSON record), `unusable`. */
  integrity: VerifyStatus;
  /** The `expiry` rule says it expired (`now` sets the clock). */
  expired: boolean;
  errors: number;
  warnings: number;
  /** The same as one phrase, as the table prints it. */
  text: string;
}

/** One handoff of the listing. */
export interface ListRow {
  id: string;
  profile: string;
  /** The store it was found in, relative to the working directory. */
  store: string;
  /** Its status, `-` when it has none. */
  status: string;
  branch: string;
  updated: string;
  /** Its summary, whitespace runs as one space. */
  summary: string;
  health: ListHealth;
  /** The file, relative to the working directory. */
  path: string;
  archived: boolean;
}

/** What `list` found. */
export interface ListResult {
  /** Every store read, relative to the working directory, with the profile it is read as. */
  stores: Array<{ path: string; profile: string }>;
  /** The handoffs, newest first. */
  handoffs: ListRow[];
  /** Warnings about the stores (a hatch3r store holding more active handoffs than hatch3r advises). */
  warnings: string[];
}

const INTEGRITY_TEXT: Record<VerifyStatus, string | undefined> = {
  ok: "integrity ok",
  unsealed: "not sealed",
  mismatch: "integrity mismatch",
  "line-endings": "line endings rewritten since sealing",
  malformed: "integrity malformed",
  "not-applicable": undefined,
  unusable: "unusable",
};

function health(document: HandoffDocument | undefined, diagnostics: ReadonlyArray<{ ruleId: string; severity: string; messageId?: string }>): ListHealth {
  const integrity: VerifyStatus = document ? verifyIntegrity(document).status : "unusable";
  const expired = diagnostics.some((d) => d.ruleId === "expiry" && d.messageId === "expired");
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.filter((d) => d.severity === "warning").length;
  const parts = [INTEGRITY_TEXT[integrity], expired ? "expired" : undefined];
  parts.push(errors === 0 && warnings === 0 ? "no findings" : `${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}`);
  return { integrity, expired, errors, warnings, text: parts.filter(Boolean).join(", ") };
}

/**
 * Lists the handoffs.
 * @throws ConfigError for an unknown status, profile or a bad config; UsageError for `dir` with the git store.
 */
export async function listHandoffs(options: ListOptions, context: OperationContext): Promise<StoreRun<ListResult>> {
  const wanted = options.status && options.status.length > 0 ? new Set(options.status.flatMap((s) => s.split(","))) : undefined;
  for (const status of wanted ?? []) {
    if (!isStatus(status)) throw new ConfigError(`unknown status '${status}' (known: ${STATUSES.join(", ")})`);
  }
  return withStore(options, context, false, (opened) => listIn(opened, options, wanted, context.cwd));
}

async function listIn({ session, stores }: OpenedStore, options: ListOptions, wanted: Set<string> | undefined, cwd: string): Promise<ListResult> {
  const entries = await catalog(stores, session, Boolean(options.all));
  const handoffs: ListRow[] = [];
  for (const entry of entries) {
    if (wanted && !wanted.has(entry.status ?? "")) continue;
    if (!options.all && !wanted && (entry.status === "archived" || entry.handoff.archived)) continue;
    const analyzed = analyzeSource(await readSource(entry.handoff.path, { cwd: session.cwd, maxBytes: session.maxFileSize }), session);
    handoffs.push({
      id: entry.handoff.id,
      profile: entry.profile,
      store: storeLabel(entry.store.location.root, cwd),
      status: entry.status ?? "-",
      branch: entry.branch ?? "-",
      updated: entry.updated ?? "-",
      summary: (entry.summary ?? "").replace(/\s+/g, " "),
      health: health(analyzed.document, analyzed.result.diagnostics),
      path: analyzed.result.path,
      archived: entry.handoff.archived,
    });
  }
  const warnings: string[] = [];
  for (const store of stores) {
    const active = entries.filter((e) => e.store === store && !e.handoff.archived && e.status !== "archived").length;
    if (store.location.layout === "hatch3r" && active > HATCH3R_ACTIVE_WARNING) {
      warnings.push(`${active} active handoffs; hatch3r warns above ${HATCH3R_ACTIVE_WARNING}: archive the finished ones`);
    }
  }
  return { stores: stores.map((store) => ({ path: storeLabel(store.location.root, cwd), profile: store.location.profile })), handoffs, warnings };
}
