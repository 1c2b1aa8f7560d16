/**
 * `handoff resume [ID|FILE]`: validate the newest (or named) open handoff, print the verdict and
 * every warning, then its content between user-tier markers, and move its status to `resumed`.
 *
 * Which handoff, with no name: `.verified-delivery/handoff.json` when it is an open record, then
 * `--pr-body FILE`, then the newest open handoff of every store that exists, in the selection
 * order of `../../5-operations/store/catalog.ts` (the document's `updated`/`created`, then the time in the file
 * name, then the path; never the file's modification time). The other open handoffs are named.
 */
import type { Command } from "commander";
import { resumeHandoff, type ResumeOptions } from "../../5-operations/resume.js";
import { escapeControls } from "../../4-report/controls.js";
import { resumeText } from "../../5-operations/resume/report-text.js";
import { formatNames, textFormatOption } from "./format-names.js";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";
import { configOption, noConfigOption, nowOption, profileOption } from "./options.js";
import { storeOption } from "./store-backend.js";

/** Options of `resume` as the command line gives them. */
export interface ResumeCommandOptions extends ResumeOptions {
  format: string;
}

/** Runs `resume`. @returns the exit code (`EXIT_CODES.resume` in ./exit-codes.ts). */
export async function runResume(name: string | undefined, options: ResumeCommandOptions, io: CommandIO): Promise<number> {
  const json = options.format === "json";
  const { result, refused } = await resumeHandoff(name, options, io);
  if (result.verdict === "none") {
    const { verdict, dryRun, strict, reason, path, stores, candidates } = result;
    if (json) io.stdout.write(`${JSON.stringify({ verdict, dryRun, strict, reason, path, stores, candidates }, null, 2)}\n`);
    else io.stdout.write(`handoff resume: nothing to resume: ${reason}\nverdict: none\n`);
  } else if (result.verdict === "unusable") {
    const { verdict, dryRun, strict, path, problems, candidates } = result;
    if (json) io.stdout.write(`${JSON.stringify({ verdict, dryRun, strict, path, problems, candidates }, null, 2)}\n`);
    io.stderr.write(`handoff: ${path} is unusable: ${problems.join("; ") || "it could not be read"}\n`);
    return EXIT.usage;
  } else if (result.statusRefused !== undefined) {
    io.stderr.write(`handoff resume: refused ${result.path}: ${result.statusRefused}\n`);
    return EXIT.findings;
  } else {
    const { report, statusLine, statusRefused: _, ...out } = result;
    if (json) io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    else io.stdout.write(escapeControls(resumeText(report, { dryRun: result.dryRun, candidates: result.candidates, statusLine }), { multiline: true }));
  }
  if (refused !== undefined) {
    io.stderr.write(`handoff resume: refused: ${refused}\n`);
    return EXIT.findings;
  }
  return result.verdict === "resumed" || result.verdict === "none" ? EXIT.ok : EXIT.findings;
}

/** Adds the `resume` command. */
export function registerResume(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "resume")
    .argument("[id]", "handoff id, file name in a store, or a file under the working directory")
    .addOption(
      textFormatOption(
        ["json", "agent-hook"],
        `output format: ${formatNames(["json", "agent-hook"])} (agent-hook: the text as a SessionStart hook's JSON; never fails)`,
      ),
    )
    .option("-d, --dir <dir>", "the store directory (default: every store found per profile)")
    .addOption(storeOption())
    .addOption(profileOption("check against this profile (and read only its store)"))
    .addOption(configOption())
    .addOption(noConfigOption())
    .option("--pr-body <file>", "a pull-request description holding a fenced verified-delivery record")
    .option("--dry-run", "check and print, change nothing")
    .option("--strict", "also refuse on an integrity mismatch or missing digest, drift, and expiry warnings")
    .option("--no-git", "skip the drift check against the live repository")
    .addOption(nowOption("the clock for expiry checks"))
    .action(async (id: string | undefined, options: ResumeCommandOptions) => {
      if (options.format === "agent-hook") {
        const { runAgentHookResume } = await import("./agent-hook-resume.js");
        setExit(await runAgentHookResume((inner) => runResume(id, { ...options, format: "text" }, inner), io));
      } else setExit(await runResume(id, options, io));
    });
}
