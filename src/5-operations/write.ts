/**
 * `write` (the MCP tool `handoff_write`): the producer side of the store contract in one call. Lints the document
 * against its profile, refuses it while it holds an error finding of the secret or injection rules
 * (the findings are returned masked; with `redact`, the secrets are first replaced by markers),
 * seals it (Markdown), writes it through the store (atomic, never overwriting, read back and
 * compared) and says what is left. Where the store does not outlive the session, the document is
 * returned as `storage_unresolved` instead of being saved.
 */
import path from "node:path";
import type { MaskedDiagnostic } from "../3-check/engine/diagnostic.js";
import { planSeal } from "../3-check/integrity/seal.js";
import { analyzeSource, type LintSession } from "../3-check/lint.js";
import { sourceFromBytes } from "../1-load/read.js";
import { planRedaction } from "./fix/redact.js";
import { fileNameFor, HATCH3R_ID_RE, slugify } from "./store/naming.js";
import type { DirectoryStore } from "./store/store.js";
import type { OperationContext } from "./context.js";
import { isSealGateRule } from "./seal.js";
import { withStore, type OpenedStore, type StoreOptions } from "./store-access.js";

/** Arguments of {@link writeHandoff} (the MCP tool validates them against its input schema first). */
export interface WriteArguments {
  /** The whole document: Markdown, or a verified-delivery record as JSON. */
  content: string;
  profile: string;
  /** Short kebab-case name for the file name (default `handoff`). */
  slug?: string;
  /** Replace the secrets the findings point at with `[REDACTED:<detector>]` instead of refusing. */
  redact?: boolean;
}

/** A finding as the operations return it: masked, with its place. */
export interface ToolFinding {
  ruleId: string;
  severity: string;
  message: string;
  line: number;
  column: number;
}

/** What {@link writeHandoff} returns. */
export interface WriteResult {
  status: "saved" | "refused" | "storage_unresolved";
  /** Saved: the file, relative to the project directory. */
  path: string | null;
  /** Saved: the file name without its extension. */
  id: string | null;
  /** The integrity digest written (Markdown), or null (a JSON record has none). */
  digest: string | null;
  /** Refused: the findings that refused it; otherwise every finding left in what was written. */
  findings: ToolFinding[];
  /** How many values were redacted. */
  redacted: number;
  /** Refused or storage_unresolved: why, in one sentence. */
  reason: string | null;
  /** storage_unresolved: the document that was not saved (redacted and sealed as it would have been). */
  text: string | null;
}

/** The finding as a tool returns it. */
export function toolFinding(d: MaskedDiagnostic): ToolFinding {
  return { ruleId: d.ruleId, severity: d.severity, message: d.message, line: d.line, column: d.column };
}

function fileNameOf(args: WriteArguments, content: string, session: LintSession, cwd: string): string {
  const slug = slugify(args.slug ?? "handoff");
  // A hatch3r file is named by its id; the id the document gives is used only when it has hatch3r's
  // id shape (a `.hidden` or `CHANGELOG` id would make a file nothing lists as a handoff).
  const given = args.profile === "hatch3r" ? /^id:[ \t]*["']?([\w.-]{1,100})["']?[ \t]*$/m.exec(content)?.[1] : undefined;
  const id = given !== undefined && HATCH3R_ID_RE.test(given) ? given : undefined;
  return fileNameFor(args.profile, session.now, slug, slugify(path.basename(cwd)), id);
}

function refused(reason: string, findings: readonly MaskedDiagnostic[], redacted: number): WriteResult {
  return { status: "refused", path: null, id: null, digest: null, findings: findings.map(toolFinding), redacted, reason, text: null };
}

function analyze(file: string, bytes: Uint8Array, session: LintSession) {
  return analyzeSource(sourceFromBytes(file, bytes, session.cwd, { maxBytes: session.maxFileSize }), session);
}

/**
 * Writes a finished handoff into the project's store: the store `profile` picks, on the backend
 * config selects (the directory store, or the git store's ref). Refused, with nothing written,
 * while the document holds an error finding of the secret or injection rules (with `redact`, the
 * secrets are first replaced by markers), or any other error finding against `profile` (a
 * document that fails its profile would be listed, and resumed, as a broken handoff).
 * @param store where (`dir`, `store` backend), the config and the clock, as the store operations take them.
 * @throws ConfigError for an unknown profile or a broken config; GitError opening the git store;
 * the store's write errors (AtomicWriteError, fs errors) when the file could not be written verifiably.
 */
export async function writeHandoff(args: WriteArguments, context: OperationContext, store: Omit<StoreOptions, "profile"> = {}): Promise<WriteResult> {
  // The document's own suppression comments cannot hide a secret from the gate.
  const { result, refused: publishRefused } = await withStore({ ...store, profile: args.profile }, context, true, (opened) =>
    writeIn(opened, args, context.cwd),
  );
  if (publishRefused === undefined) return result;
  return { ...result, status: "refused", path: null, id: null, reason: `${publishRefused}; nothing was written`, text: null };
}

async function writeIn({ session, store }: OpenedStore, args: WriteArguments, cwd: string): Promise<WriteResult> {
  const fileName = fileNameOf(args, args.content, session, cwd);
  const file = path.join(store.writeDir, fileName);
  let bytes: Uint8Array = new TextEncoder().encode(args.content);
  let analyzed = analyze(file, bytes, session);
  let redacted = 0;
  if (!analyzed.document || analyzed.result.internalErrors.length > 0) return refused("the document could not be checked", analyzed.result.diagnostics, 0);
  const gate = (ds: readonly MaskedDiagnostic[]) => ds.filter((d) => d.severity === "error" && isSealGateRule(d.ruleId));
  if (gate(analyzed.result.diagnostics).length > 0 && args.redact) {
    const plan = planRedaction(analyzed.document, analyzed.result.diagnostics);
    redacted = plan.redactions.length;
    bytes = plan.bytes;
    analyzed = analyze(file, bytes, session);
  }
  const blocking = gate(analyzed.result.diagnostics);
  if (blocking.length > 0 || !analyzed.document) {
    return refused(`${count(blocking)}: remove them${args.redact ? "" : ", or ask for redaction of the secrets"}; nothing was written`, blocking, redacted);
  }
  const failing = analyzed.result.diagnostics.filter((d) => d.severity === "error");
  if (failing.length > 0) {
    return refused(`the document does not meet the ${args.profile} profile: ${count(failing)}: fix them; nothing was written`, failing, redacted);
  }
  let digest: string | null = null;
  if (analyzed.document.format === "markdown") {
    const plan = planSeal(analyzed.document);
    digest = plan.digest;
    bytes = plan.bytes;
    analyzed = analyze(file, bytes, session);
  }
  return saved(store, fileName, bytes, { digest, redacted, findings: analyzed.result.diagnostics, cwd });
}

/** `2 error findings from no-secrets, injection-role`. */
function count(findings: readonly MaskedDiagnostic[]): string {
  return `${findings.length} error finding${findings.length === 1 ? "" : "s"} from ${[...new Set(findings.map((d) => d.ruleId))].join(", ")}`;
}

async function saved(
  store: DirectoryStore,
  fileName: string,
  bytes: Uint8Array,
  facts: { digest: string | null; redacted: number; findings: readonly MaskedDiagnostic[]; cwd: string },
): Promise<WriteResult> {
  const result = (status: WriteResult["status"], file: string | null, reason: string | null, text: string | null): WriteResult => ({
    status,
    path: file === null ? null : path.relative(facts.cwd, file).split(path.sep).join("/"),
    id: file === null ? null : path.basename(file).replace(/\.[^.]+$/, ""),
    digest: facts.digest,
    findings: facts.findings.map(toolFinding),
    redacted: facts.redacted,
    reason,
    text,
  });
  if (store.location.profile === "verified-delivery" && (await store.list()).length > 0) {
    return result("refused", null, "a verified-delivery record already exists: resume or close it first; nothing was written", null);
  }
  const outcome = await store.write(fileName, bytes);
  if (outcome.status === "storage_unresolved") return result("storage_unresolved", null, outcome.reason, outcome.text);
  return result("saved", outcome.path, null, null);
}
