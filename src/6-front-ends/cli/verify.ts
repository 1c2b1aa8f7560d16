/**
 * `handoff verify FILE...`: one line per file saying whether its integrity holds (exit 0), does not
 * (exit 1), or the file is unusable (exit 2). `--brief` checks an sno cutover brief instead (end
 * marker, `--bytes N`, `--sha256 HEX` on the raw bytes). `--git` adds the drift between what a
 * hatch3r or verified-delivery document recorded about git and the live repository (read-only).
 */
import { textLines } from "../../4-report/controls.js";
import type { Command } from "commander";
import { verifyHandoffs, verifyLines, type VerifyFileResult } from "../../5-operations/verify.js";
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

/** A file's exit code: 0 holds (or no digest), 1 does not, 2 unusable; with git, 1 drift or nothing comparable, 2 no work tree. */
function exitFor(file: VerifyFileResult): number {
  const integrity =
    file.outcome.status === "ok" || file.outcome.status === "not-applicable" ? EXIT.ok : file.outcome.status === "unusable" ? EXIT.usage : EXIT.findings;
  const git = !file.git
    ? EXIT.ok
    : file.git.verdict === "no-work-tree"
      ? EXIT.usage
      : file.git.verdict === "drift" || file.git.verdict === "cannot-compare"
        ? EXIT.findings
        : EXIT.ok;
  return Math.max(integrity, git);
}

/** `--bytes` as a number. @throws UsageError for anything but a whole number. */
function parseBytes(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--bytes expects a whole number, got '${value}'`);
  return Number(value);
}

/** Runs `verify`. @returns the worst exit code over the files: 0, 1 or 2. @throws UsageError for a bad combination of options. */
export async function runVerify(files: string[], options: VerifyCommandOptions, io: CommandIO): Promise<number> {
  if ((options.bytes !== undefined || options.sha256 !== undefined) && !options.brief)
    throw new UsageError("--bytes and --sha256 check a cutover brief: add --brief");
  if ((options.bytes !== undefined || options.sha256 !== undefined) && files.length !== 1)
    throw new UsageError("--bytes and --sha256 describe one file; name exactly one");
  const sha256 = options.sha256?.replace(/^sha256:/i, "").toLowerCase();
  if (options.sha256 !== undefined && !/^[0-9a-f]{64}$/.test(sha256 as string)) throw new UsageError(`--sha256 expects 64 hex digits, got '${options.sha256}'`);
  const result = await verifyHandoffs(files, { brief: options.brief, bytes: parseBytes(options.bytes), sha256, git: options.git, repo: options.repo }, io);
  let exit: number = EXIT.ok;
  for (const file of result.files) {
    io.stdout.write(textLines(verifyLines(file)));
    exit = Math.max(exit, exitFor(file));
  }
  return exit;
}

/** Adds the `verify` command to `program`. */
export function registerVerify(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "verify")
    .argument("<files...>", "handoff documents")
    .option("--brief", "sno cutover brief: the file ends with <!-- AGENT_CUTOVER_EOF --> (and matches --bytes/--sha256)")
    .option("--bytes <n>", "with --brief: the exact byte count the sender measured")
    .option("--sha256 <hex>", "with --brief: the SHA-256 of the raw file the sender measured")
    .option("--git", "also compare the recorded git state (git_ref, head_sha) with the repository")
    .option("--repo <dir>", "with --git: the repository to compare with (default: the working directory)")
    .action(async (files: string[], options: VerifyCommandOptions) => setExit(await runVerify(files, options, io)));
}
