/**
 * `verify`: whether each handoff's integrity digest holds, or (`brief`) whether an sno cutover
 * brief is whole (end marker, `bytes`, `sha256` of the raw file); with `git`, the drift between
 * what a hatch3r or verified-delivery document recorded about git and the live repository
 * (read-only).
 */
import path from "node:path";
import { documentDrift, gitReferenceOf } from "./git/document-drift.js";
import { workTreeRoot } from "../0-platform/git/queries.js";
import { GitError } from "../0-platform/git/run.js";
import { verifyBrief, verifyIntegrity, type VerifyOutcome } from "../3-check/integrity/verify.js";
import type { HandoffDocument } from "../2-parse/document/model.js";
import { buildDocument, createSession } from "../3-check/lint.js";
import { readSource } from "../1-load/read.js";
import { existingStores } from "./store/resolve.js";
import { handoffPathTest } from "./store/store-paths.js";
import { envOf, type OperationContext } from "./context.js";
import { UsageError } from "./errors.js";

/** Options of {@link verifyHandoffs}. */
export interface VerifyOptions {
  /** Check sno cutover briefs instead: the file ends with `<!-- AGENT_CUTOVER_EOF -->`. */
  brief?: boolean;
  /** With `brief`: the exact byte count the sender measured (one file only). */
  bytes?: number;
  /** With `brief`: the SHA-256 (64 hex digits) of the raw file the sender measured (one file only). */
  sha256?: string;
  /** Also compare the recorded git state (`git_ref`, `head_sha`) with the repository. */
  git?: boolean;
  /** With `git`: the repository to compare with (default: the working directory). */
  repo?: string;
}

/** The git comparison of one file. */
export interface GitComparison {
  /**
   * `match` or `drift`; `nothing` (no `git_ref` or `head_sha` recorded); `cannot-compare` (what was
   * recorded cannot be compared); `no-work-tree` (the repository is not a git work tree).
   */
  verdict: "match" | "drift" | "nothing" | "cannot-compare" | "no-work-tree";
  /** What was found, one line each; a line starting with two spaces continues the one before it. */
  lines: string[];
  /** What is not drift but worth saying (commits left out and why). */
  notes: string[];
}

/** One file's verdict. */
export interface VerifyFileResult {
  /** The file as given, relative to the working directory. */
  path: string;
  outcome: VerifyOutcome;
  /** With `git` (for a usable file). */
  git?: GitComparison;
}

/** What `verify` found, file by file in the order given. */
export interface VerifyResult {
  files: VerifyFileResult[];
}

/** @throws UsageError for `bytes`/`sha256` without `brief`, with more than one file, or malformed. */
function checkOptions(files: readonly string[], options: VerifyOptions): void {
  if ((options.bytes !== undefined || options.sha256 !== undefined) && !options.brief)
    throw new UsageError("--bytes and --sha256 check a cutover brief: add --brief");
  if ((options.bytes !== undefined || options.sha256 !== undefined) && files.length !== 1)
    throw new UsageError("--bytes and --sha256 describe one file; name exactly one");
  if (options.bytes !== undefined && !(Number.isInteger(options.bytes) && options.bytes >= 0))
    throw new UsageError(`--bytes expects a whole number, got '${String(options.bytes)}'`);
  if (options.sha256 !== undefined && !/^[0-9a-f]{64}$/.test(options.sha256)) throw new UsageError(`--sha256 expects 64 hex digits, got '${options.sha256}'`);
}

/**
 * Verifies each of `files` (relative to the working directory).
 * @throws UsageError for a bad combination of options.
 */
export async function verifyHandoffs(files: readonly string[], options: VerifyOptions, context: OperationContext): Promise<VerifyResult> {
  checkOptions(files, options);
  const session = createSession({ cwd: context.cwd, rules: [] });
  const results: VerifyFileResult[] = [];
  for (const file of files) {
    const source = await readSource(file, { cwd: context.cwd });
    if (options.brief) {
      const fatal = source.problems.find((p) => p.kind === "unreadable" || p.kind === "not-a-file" || p.kind === "symlink-loop" || p.kind === "too-large");
      const outcome: VerifyOutcome = fatal
        ? { status: "unusable", message: `unusable: ${fatal.message}` }
        : verifyBrief(source.bytes, { bytes: options.bytes, sha256: options.sha256 });
      results.push({ path: source.displayPath, outcome });
      continue;
    }
    const { document } = buildDocument(source, session);
    const outcome = verifyIntegrity(document);
    const result: VerifyFileResult = { path: source.displayPath, outcome };
    if (options.git && outcome.status !== "unusable") result.git = await compareGit(document, options, context);
    results.push(result);
  }
  return { files: results };
}

/** The drift between what `document` recorded about git and the repository. */
export async function compareGit(document: HandoffDocument, options: Pick<VerifyOptions, "repo">, context: OperationContext): Promise<GitComparison> {
  const reference = gitReferenceOf(document);
  if (reference === undefined) return { verdict: "nothing", lines: ["nothing to compare (no git_ref or head_sha recorded)"], notes: [] };
  if (typeof reference === "string") return { verdict: "cannot-compare", lines: [`cannot compare: ${reference}`], notes: [] };
  const dir = path.resolve(context.cwd, options.repo ?? ".");
  try {
    const root = await workTreeRoot(dir);
    const stores = existingStores({ cwd: root, env: envOf(context) }).map((s) => s.root);
    const drift = await documentDrift(reference, root, { isStorePath: handoffPathTest(root, stores, [document.path]) });
    return { verdict: drift.drift ? "drift" : "match", lines: drift.lines, notes: drift.notes };
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    return { verdict: "no-work-tree", lines: [`cannot compare: ${dir} is not a git work tree`], notes: [] };
  }
}

/** One file's verdict as `verify` prints it: `<path>: <message>`, then its git lines. */
export function verifyLines(file: VerifyFileResult): string[] {
  const lines = [`${file.path}: ${file.outcome.message}`];
  if (file.git) {
    for (const line of file.git.lines) lines.push(line.startsWith("  ") ? line : `${file.path}: git: ${line}`);
    for (const note of file.git.notes) lines.push(`${file.path}: git: note: ${note}`);
  }
  return lines;
}

/** Whether a file's verdict holds: its integrity is ok (or the format has none) and its git comparison matches (or has nothing to compare). */
export function verifyHolds(file: VerifyFileResult): boolean {
  const integrity = file.outcome.status === "ok" || file.outcome.status === "not-applicable";
  return integrity && (file.git === undefined || file.git.verdict === "match" || file.git.verdict === "nothing");
}
