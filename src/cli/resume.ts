/**
 * `handoff resume [ID|FILE]`: validate the newest (or named) open handoff, print the verdict and
 * every warning, then its content between user-tier markers, and move its status to `resumed`.
 *
 * Which handoff, with no name: `.verified-delivery/handoff.json` when it is an open record, then
 * `--pr-body FILE`, then the newest open handoff of every store that exists, in the selection
 * order of `../store/catalog.ts` (the document's `updated`/`created`, then the time in the file
 * name, then the path; never the file's modification time). The other open handoffs are named.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { workTreeRoot } from "../git/queries.js";
import { escapeControls } from "../report/controls.js";
import { resumeText, type ResumeCandidate } from "../resume/report-text.js";
import { resumeFile, type ResumeReport, type StepOutcome } from "../resume/resume.js";
import { changeStatus, ConcurrentChangeError, TransitionError } from "../resume/status-change.js";
import { RESUMABLE, isStatus } from "../resume/transitions.js";
import { catalogEntry, isOpen, openHandoffs, type CatalogEntry } from "../store/catalog.js";
import { resolveInside, StoreEscapeError } from "../store/naming.js";
import { handoffPathTest } from "../store/store-paths.js";
import { DirectoryStore } from "../store/store.js";
import { formatNames, textFormatOption } from "./format-names.js";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";
import { configOption, noConfigOption, nowOption, profileOption } from "./options.js";
import { storeOption, withStore, type OpenedStore } from "./store-backend.js";
import { storeLabel, type StoreCommandOptions } from "./store-options.js";

/** Options of `resume`. */
export interface ResumeCommandOptions extends StoreCommandOptions {
  format: string;
  dryRun?: boolean;
  git?: boolean;
  strict?: boolean;
  prBody?: string;
}

/** How the handoff was chosen. */
type Selection = "named" | "verified-delivery" | "pr-body" | "newest-open";

interface Target {
  file: string | undefined;
  selection: Selection;
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
async function target(name: string | undefined, options: ResumeCommandOptions, stores: readonly DirectoryStore[], io: CommandIO, session: Parameters<typeof openHandoffs>[1]): Promise<Target> {
  if (name !== undefined) return { file: await named(name, stores, io.cwd), selection: "named", others: [] };
  const open = await openHandoffs(stores, session);
  const vdPath = path.join(io.cwd, ".verified-delivery", "handoff.json");
  const vd = open.find((e) => e.handoff.path === vdPath) ?? (existsSync(vdPath) ? await vdEntry(vdPath, io, session) : undefined);
  const rest = open.filter((e) => e.handoff.path !== vdPath);
  if (vd && isOpen(vd) && vd.status !== undefined) return { file: vdPath, selection: "verified-delivery", others: rest };
  if (options.prBody) return { file: path.resolve(io.cwd, options.prBody), selection: "pr-body", others: rest };
  return { file: rest[0]?.handoff.path, selection: "newest-open", others: rest.slice(1) };
}

/** The verified-delivery record's entry when its store is not among `stores` (`--dir`). */
async function vdEntry(file: string, io: CommandIO, session: Parameters<typeof openHandoffs>[1]): Promise<CatalogEntry> {
  const store = new DirectoryStore({ root: path.dirname(file), layout: "verified-delivery", profile: "verified-delivery", reason: "existing .verified-delivery/handoff.json", exists: true }, io.env);
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

/**
 * Each check as `{check, outcome, message, line, column, ruleId}`: one entry per finding, one per
 * note (`outcome: "note"`), and one with `message: null` for a step that found nothing.
 */
function checks(steps: readonly StepOutcome[]): Array<Record<string, unknown>> {
  const none = { line: null, column: null, ruleId: null };
  return steps.flatMap((s) => [
    ...(s.findings.length > 0 || s.notes.length > 0 ? s.findings : [{ message: null, ...none }]).map((f) => ({ check: s.step, outcome: s.outcome, ...f })),
    ...s.notes.map((message) => ({ check: s.step, outcome: "note", message, ...none })),
  ]);
}

/** Runs `resume`. @returns the exit code (`EXIT_CODES.resume` in ./exit-codes.ts). */
export async function runResume(name: string | undefined, options: ResumeCommandOptions, io: CommandIO): Promise<number> {
  return withStore("resume", options, io, true, (opened) => resumeIn(opened, name, options, opened.io));
}

async function resumeIn({ session, stores }: OpenedStore, name: string | undefined, options: ResumeCommandOptions, io: CommandIO): Promise<number> {
  const json = options.format === "json";
  const dryRun = Boolean(options.dryRun);
  const strict = Boolean(options.strict);
  const chosen = await target(name, options, stores, io, session);
  const labels = stores.map((s) => storeLabel(s.location.root, io.cwd));
  if (!chosen.file) {
    if (name !== undefined) {
      io.stderr.write(`handoff: no handoff '${name}' in ${labels.length > 0 ? labels.join(", ") : "any store"} or the working directory\n`);
      return EXIT.usage;
    }
    const reason = labels.length > 0 ? `no open handoff in ${labels.join(", ")}` : "no handoff store here";
    if (json) io.stdout.write(`${JSON.stringify({ verdict: "none", dryRun, strict, reason, path: null, stores: labels, candidates: [] }, null, 2)}\n`);
    else io.stdout.write(`handoff resume: nothing to resume: ${reason}\nverdict: none\n`);
    return EXIT.ok;
  }
  let isStorePath: ((p: string) => boolean) | undefined;
  if (options.git !== false) {
    const root = await workTreeRoot(io.cwd).catch(() => undefined);
    if (root) isStorePath = handoffPathTest(root, stores.map((s) => s.location.root), [chosen.file]);
  }
  const { report, document, bytes } = await resumeFile(chosen.file, { session, git: options.git, strict, isStorePath });
  const candidates = chosen.others.map((e) => candidate(e, io.cwd));
  if (report.verdict === "unusable") {
    if (json) io.stdout.write(`${JSON.stringify({ verdict: "unusable", dryRun, strict, path: report.path, problems: report.problems, candidates }, null, 2)}\n`);
    io.stderr.write(`handoff: ${report.path} is unusable: ${report.problems.join("; ") || "it could not be read"}\n`);
    return EXIT.usage;
  }
  let statusLine: string | undefined;
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
          if (error instanceof ConcurrentChangeError || error instanceof TransitionError) {
            io.stderr.write(`handoff resume: refused ${report.path}: ${error.message}\n`);
            return EXIT.findings;
          }
          throw error;
        }
      }
    }
  }
  if (json) {
    const out = {
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
    };
    io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else io.stdout.write(escapeControls(resumeText(report, { dryRun, candidates, statusLine }), { multiline: true }));
  return report.verdict === "resumed" ? EXIT.ok : EXIT.findings;
}

/** Adds the `resume` command. */
export function registerResume(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "resume", "validate a handoff (the newest open one by default), print the verdict and warnings, then its content between user-tier markers")
    .argument("[id]", "handoff id, file name in a store, or a file under the working directory")
    .addOption(textFormatOption(["json", "agent-hook"], `output format: ${formatNames(["json", "agent-hook"])} (agent-hook: the text as a SessionStart hook's JSON; never fails)`))
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
      }
      else setExit(await runResume(id, options, io));
    });
}
