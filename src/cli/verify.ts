/**
 * `handoff verify FILE...`: one line per file saying whether its integrity holds (exit 0), does not
 * (exit 1), or the file is unusable (exit 2). `--brief` checks an sno cutover brief instead (end
 * marker, `--bytes N`, `--sha256 HEX` on the raw bytes). `--git` adds the drift between what a
 * hatch3r or verified-delivery document recorded about git and the live repository (read-only).
 */
import path from "node:path";
import type { Command } from "commander";
import { documentDrift, gitReferenceOf } from "../git/document-drift.js";
import { workTreeRoot } from "../git/queries.js";
import { GitError } from "../git/run.js";
import { verifyBrief, verifyIntegrity, type VerifyOutcome } from "../integrity/verify.js";
import { buildDocument, createSession } from "../lint.js";
import { readSource } from "../load/read.js";
import { existingStores } from "../store/resolve.js";
import { handoffPathTest } from "../store/store-paths.js";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";
import { UsageError } from "./errors.js";

/** Options parsed from the command line. */
export interface VerifyCommandOptions {
  brief?: boolean;
  bytes?: string;
  sha256?: string;
  git?: boolean;
  repo?: string;
}

function exitFor(outcome: VerifyOutcome): number {
  if (outcome.status === "ok" || outcome.status === "not-applicable") return EXIT.ok;
  return outcome.status === "unusable" ? EXIT.usage : EXIT.findings;
}

function parseOptions(files: string[], options: VerifyCommandOptions): { bytes?: number; sha256?: string } {
  if ((options.bytes !== undefined || options.sha256 !== undefined) && !options.brief) {
    throw new UsageError("--bytes and --sha256 check a cutover brief: add --brief");
  }
  if ((options.bytes !== undefined || options.sha256 !== undefined) && files.length !== 1) {
    throw new UsageError("--bytes and --sha256 describe one file; name exactly one");
  }
  let bytes: number | undefined;
  if (options.bytes !== undefined) {
    if (!/^\d+$/.test(options.bytes)) throw new UsageError(`--bytes expects a whole number, got '${options.bytes}'`);
    bytes = Number(options.bytes);
  }
  let sha256: string | undefined;
  if (options.sha256 !== undefined) {
    const hex = options.sha256.replace(/^sha256:/i, "").toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(hex)) throw new UsageError(`--sha256 expects 64 hex digits, got '${options.sha256}'`);
    sha256 = hex;
  }
  return { bytes, sha256 };
}

/** Runs `verify`. @returns the worst exit code over the files: 0, 1 or 2. @throws UsageError for a bad combination of options. */
export async function runVerify(files: string[], options: VerifyCommandOptions, io: CommandIO): Promise<number> {
  const expected = parseOptions(files, options);
  const session = createSession({ cwd: io.cwd, rules: [] });
  let exit: number = EXIT.ok;
  for (const file of files) {
    const source = await readSource(file, { cwd: io.cwd });
    const shown = source.displayPath;
    let outcome: VerifyOutcome;
    if (options.brief) {
      const fatal = source.problems.find((p) => p.kind === "unreadable" || p.kind === "not-a-file" || p.kind === "symlink-loop" || p.kind === "too-large");
      outcome = fatal ? { status: "unusable", message: `unusable: ${fatal.message}` } : verifyBrief(source.bytes, expected);
      io.stdout.write(`${shown}: ${outcome.message}\n`);
      exit = Math.max(exit, exitFor(outcome));
      continue;
    }
    const { document } = buildDocument(source, session);
    outcome = verifyIntegrity(document);
    io.stdout.write(`${shown}: ${outcome.message}\n`);
    exit = Math.max(exit, exitFor(outcome));
    if (options.git && outcome.status !== "unusable") exit = Math.max(exit, await gitCheck(document, shown, options, io));
  }
  return exit;
}

async function gitCheck(document: Parameters<typeof gitReferenceOf>[0], shown: string, options: VerifyCommandOptions, io: CommandIO): Promise<number> {
  const reference = gitReferenceOf(document);
  if (reference === undefined) {
    io.stdout.write(`${shown}: git: nothing to compare (no git_ref or head_sha recorded)\n`);
    return EXIT.ok;
  }
  if (typeof reference === "string") {
    io.stdout.write(`${shown}: git: cannot compare: ${reference}\n`);
    return EXIT.findings;
  }
  const dir = path.resolve(io.cwd, options.repo ?? ".");
  try {
    const root = await workTreeRoot(dir);
    const stores = existingStores({ cwd: root, env: io.env }).map((s) => s.root);
    const drift = await documentDrift(reference, root, { isStorePath: handoffPathTest(root, stores, [document.path]) });
    for (const line of drift.lines) io.stdout.write(line.startsWith("  ") ? `${line}\n` : `${shown}: git: ${line}\n`);
    for (const note of drift.notes) io.stdout.write(`${shown}: git: note: ${note}\n`);
    return drift.drift ? EXIT.findings : EXIT.ok;
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    io.stdout.write(`${shown}: git: cannot compare: ${dir} is not a git work tree\n`);
    return EXIT.usage;
  }
}

/** Adds the `verify` command to `program`. */
export function registerVerify(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "verify", "check each handoff's integrity digest (exit 0 holds, 1 does not, 2 unusable)")
    .argument("<files...>", "handoff documents")
    .option("--brief", "sno cutover brief: the file ends with <!-- AGENT_CUTOVER_EOF --> (and matches --bytes/--sha256)")
    .option("--bytes <n>", "with --brief: the exact byte count the sender measured")
    .option("--sha256 <hex>", "with --brief: the SHA-256 of the raw file the sender measured")
    .option("--git", "also compare the recorded git state (git_ref, head_sha) with the repository")
    .option("--repo <dir>", "with --git: the repository to compare with (default: the working directory)")
    .action(async (files: string[], options: VerifyCommandOptions) => setExit(await runVerify(files, options, io)));
}
