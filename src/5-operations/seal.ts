/**
 * `seal`: computes each document's digest and writes it as `integrity` in the frontmatter
 * (inserted when absent). Only that line changes; the write is atomic and read back. A document
 * with error findings from the secret or injection rules (`no-secrets`, `injection-*`) is refused
 * unless `force`: sealing would vouch for it.
 */
import { builtinRules } from "../../rules/index.js";
import type { Rule } from "../3-check/engine/rule.js";
import { checkDocument } from "../3-check/engine/run.js";
import { atomicWrite, AtomicWriteError } from "../0-platform/fs/atomic-write.js";
import { planSeal, SealError } from "../3-check/integrity/seal.js";
import { buildDocument, createSession } from "../3-check/lint.js";
import { configFor, type ConfigOptions, type OperationContext } from "./context.js";
import { eachSource } from "./each-source.js";
import { selectedBackend, withStore, type StoreRun } from "./store-access.js";

/** Rules whose error findings block sealing: the secret and injection rules, by id. */
export function isSealGateRule(ruleId: string): boolean {
  return ruleId === "no-secrets" || ruleId.startsWith("injection-");
}

/** Options of {@link sealHandoffs}. */
export interface SealOptions extends ConfigOptions {
  /** Seal even with error findings from the secret or injection rules. */
  force?: boolean;
  /** The backend: with `git`, a name of one of its handoffs (id or file name) is sealed there and published onto its ref. */
  store?: string;
}

/** What sealing one file did. */
export interface SealFileResult {
  /** The file, relative to the working directory. */
  path: string;
  /**
   * `sealed` (written); `already-sealed` (its seal holds, nothing written); `refused` (secret or
   * injection errors, not written: see `blocking`); `failed` (cannot be sealed or written; unchanged).
   */
  status: "sealed" | "already-sealed" | "refused" | "failed";
  /** The digest written or held (`sha256:<hex>`); undefined when refused or failed. */
  digest?: string;
  /** The secret and injection error findings: how many, and the rules that reported them. */
  blocking: { count: number; rules: string[] };
  /** Why it failed. */
  reason?: string;
}

/** What `seal` did, file by file in the order given. */
export interface SealResult {
  files: SealFileResult[];
}

/**
 * Seals each of `files` (relative to the working directory) in place.
 * @param gateRules the rules that can block sealing (default: the built-in rules {@link isSealGateRule} selects).
 * @throws ConfigError for a bad config.
 */
export async function sealFiles(
  files: readonly string[],
  options: SealOptions,
  context: OperationContext,
  gateRules: readonly Rule[] = builtinRules.filter((rule) => isSealGateRule(rule.meta.id)),
): Promise<SealResult> {
  const session = createSession({ cwd: context.cwd, config: configFor(context.cwd, options.config).config, rules: gateRules });
  const results = await eachSource(
    files,
    session,
    context,
    [SealError, AtomicWriteError],
    async (source): Promise<SealFileResult> => {
      const { document, profile } = buildDocument(source, session);
      const plan = planSeal(document);
      const found = checkDocument(document, profile, session.prepared, { now: session.now, inlineSuppression: false }).diagnostics.filter(
        (d) => d.severity === "error" && isSealGateRule(d.ruleId),
      );
      const blocking = { count: found.length, rules: [...new Set(found.map((d) => d.ruleId))] };
      const refused = found.length > 0 && !options.force;
      // Sealed before (with force, when it has such findings): it is sealed, and says so; without
      // force the findings still fail the run, as they would have blocked the seal.
      if (plan.unchanged) return { path: source.displayPath, status: "already-sealed", digest: plan.digest, blocking };
      if (refused) return { path: source.displayPath, status: "refused", blocking };
      await atomicWrite(source.path, plan.bytes, { expected: source.bytes });
      return { path: source.displayPath, status: "sealed", digest: plan.digest, blocking };
    },
    (path, reason): SealFileResult => ({ path, status: "failed", blocking: { count: 0, rules: [] }, reason }),
  );
  return { files: results };
}

/**
 * Seals each of `files` on the selected store: with the git store, an argument naming one of its
 * handoffs (id or file name) is sealed in the store and published onto its ref; any other
 * argument is a file.
 * @throws ConfigError for a bad config; UsageError, GitError opening the git store.
 */
export async function sealHandoffs(files: readonly string[], options: SealOptions, context: OperationContext): Promise<StoreRun<SealResult>> {
  if (selectedBackend(options, context) === "directory") return { result: await sealFiles(files, options, context) };
  return withStore(options, context, false, async ({ store }) =>
    sealFiles(
      await Promise.all(
        files.map((file) =>
          store.read(file).then(
            (h) => h.path,
            () => file,
          ),
        ),
      ),
      options,
      context,
    ),
  );
}

/** The line `seal` prints for one file. */
export function sealLine(file: SealFileResult, options: Pick<SealOptions, "force">): string {
  const findings = `${file.blocking.count} error finding${file.blocking.count === 1 ? "" : "s"} from ${file.blocking.rules.join(", ")}`;
  const blocked = file.blocking.count > 0;
  switch (file.status) {
    case "already-sealed":
      return `${file.path}: already sealed ${file.digest}${blocked ? ` (despite ${findings}: see 'handoff lint ${file.path}')` : ""}`;
    case "refused":
      return `${file.path}: not sealed: ${findings} (see 'handoff lint ${file.path}'; --force seals anyway)`;
    case "sealed":
      return `${file.path}: sealed ${file.digest}${blocked && options.force ? ` (forced despite ${findings})` : ""}`;
    default:
      return `${file.path}: cannot seal: ${file.reason}`;
  }
}
