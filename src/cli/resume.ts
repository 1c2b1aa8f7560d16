/**
 * `handoff resume [ID|FILE]`: validate the newest (or named) handoff, print it between user-tier
 * markers, and move its status to `resumed`.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { ConfigError } from "../engine/config.js";
import { escapeControls } from "../report/controls.js";
import { resumeFile, type ResumeReport } from "../resume/resume.js";
import { changeStatus, ConcurrentChangeError, TransitionError } from "../resume/status-change.js";
import { RESUMABLE, isStatus } from "../resume/transitions.js";
import { latestOpen } from "../store/catalog.js";
import { resolveInside, StoreEscapeError } from "../store/naming.js";
import type { DirectoryStore } from "../store/store.js";
import { EXIT, exitForError, type CommandIO } from "./io.js";
import { openStore, type StoreCommandOptions } from "./store-options.js";

/** Options of `resume`. */
export interface ResumeCommandOptions extends StoreCommandOptions {
  format: string;
  dryRun?: boolean;
  git?: boolean;
  prBody?: string;
}

/**
 * The file to resume: the named id/name inside the store, else a file under the working
 * directory; with no name, `.verified-delivery/handoff.json` when open, then `--pr-body`, then the
 * store's newest open handoff.
 * @throws StoreEscapeError for names that leave the store or the working directory.
 */
async function target(name: string | undefined, options: ResumeCommandOptions, store: DirectoryStore, io: CommandIO, session: Parameters<typeof latestOpen>[1]): Promise<string | undefined> {
  if (name !== undefined) {
    try {
      return (await store.read(name)).path;
    } catch (error) {
      if (error instanceof StoreEscapeError) throw error;
    }
    const inside = resolveInside(io.cwd, name);
    return existsSync(inside) ? inside : undefined;
  }
  const vd = path.join(io.cwd, ".verified-delivery", "handoff.json");
  if (existsSync(vd)) return vd;
  if (options.prBody) return path.resolve(io.cwd, options.prBody);
  return (await latestOpen(store, session))?.handoff.path;
}

function textReport(report: ResumeReport, statusLine: string | undefined): string {
  const lines: string[] = [];
  if (report.verdict === "refused") {
    lines.push(`handoff resume: refused ${report.path} (${report.profile})`);
    for (const s of report.steps.filter((x) => x.outcome === "refused")) for (const m of s.messages) lines.push(`  ${s.step}: ${m}`);
    return `${lines.join("\n")}\n`;
  }
  lines.push(`handoff resume: ${report.path} (${report.profile})`);
  let out = `${lines.join("\n")}\n${report.userTier}`;
  if (report.warnings.length > 0) out += `warnings:\n${report.warnings.map((w) => `  ${w}`).join("\n")}\n`;
  const confidence =
    report.confidence === undefined
      ? report.confidenceLow
        ? "confidence low (integrity did not verify)"
        : undefined
      : `confidence ${report.confidence}${report.confidenceLow ? " (shown as low: integrity did not verify)" : ""}`;
  const stats = [`${report.stats.sections} sections`, `${report.stats.words} words`, `${report.stats.findings} finding${report.stats.findings === 1 ? "" : "s"}`, confidence, statusLine].filter(Boolean);
  out += `stats: ${stats.join(", ")}\n`;
  return out;
}

/** Runs `resume`. @returns 0 resumed, 1 refused, 2 unusable or usage error. */
export async function runResume(name: string | undefined, options: ResumeCommandOptions, io: CommandIO): Promise<number> {
  try {
    if (!["text", "json"].includes(options.format)) throw new ConfigError(`unknown format '${options.format}' (known: text, json)`);
    const { session, store } = openStore(options, io, true);
    const file = await target(name, options, store, io, session);
    if (!file) {
      io.stderr.write(name ? `handoff: no handoff '${name}' in ${store.location.root} or the working directory\n` : `handoff: no open handoff in ${store.location.root}\n`);
      return EXIT.usage;
    }
    const { report, document, bytes } = await resumeFile(file, { session, git: options.git });
    if (report.verdict === "unusable") {
      io.stderr.write(`handoff: ${report.path} is unusable: ${report.warnings.join("; ") || "it could not be read"}\n`);
      return EXIT.usage;
    }
    let statusLine: string | undefined;
    if (report.verdict === "resumed" && document) {
      const status = document.frontmatter?.data?.status;
      if (document.format === "markdown" && isStatus(status) && RESUMABLE.includes(status)) {
        if (options.dryRun) statusLine = `status ${status} (unchanged: --dry-run)`;
        else {
          try {
            // Resume's own step: any resumable status moves to `resumed` (hatch3r's resume).
            await changeStatus(file, document, bytes, "resumed", session.now, () => true);
            statusLine = `status ${status} -> resumed`;
          } catch (error) {
            if (error instanceof ConcurrentChangeError || error instanceof TransitionError) {
              io.stderr.write(`handoff resume: refused ${report.path}: ${error.message}\n`);
              return EXIT.findings;
            }
            throw error;
          }
        }
      }
    }
    if (options.format === "json") io.stdout.write(`${JSON.stringify({ ...report, statusChange: statusLine ?? null }, null, 2)}\n`);
    else io.stdout.write(escapeControls(textReport(report, statusLine), { multiline: true }));
    return report.verdict === "resumed" ? EXIT.ok : EXIT.findings;
  } catch (error) {
    return exitForError(error, io);
  }
}

/** Adds the `resume` command. */
export function registerResume(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  program
    .command("resume")
    .description("validate a handoff (newest open one by default) and print it between user-tier markers")
    .argument("[id]", "handoff id, file name in the store, or a file under the working directory")
    .option("-f, --format <format>", "text or json", "text")
    .option("-d, --dir <dir>", "the store directory (default: found per profile)")
    .option("-p, --profile <profile>", "check against this profile")
    .option("-c, --config <file>", "use this config file")
    .option("--no-config", "ignore config files")
    .option("--pr-body <file>", "a pull-request description holding a fenced verified-delivery record")
    .option("--dry-run", "check and print, change nothing")
    .option("--no-git", "skip the drift check against the live repository")
    .option("--now <iso>", "the clock for expiry checks (ISO-8601 with zone)")
    .action(async (id: string | undefined, options: ResumeCommandOptions) => {
      setExit(await runResume(id, options, io));
    });
}
