/**
 * `handoff new`: a new handoff from `templates/<profile>.md`, filled from the clock and the live
 * repository (branch, commit, recent commits, uncommitted paths, remote), sealed when the profile
 * has a digest (hatch3r), and written through the store (atomic, never overwriting, read back).
 * What it writes lints with no findings; the sections only the writer can fill say "Not recorded
 * yet." until they do.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { ConfigError } from "../engine/config.js";
import { fileNameFor } from "../store/naming.js";
import { recordFromSnapshot } from "../git/checkpoint-drift.js";
import { formatRecordContent } from "../records/sno-record.js";
import { fillTemplate, readTemplate, repositoryFacts, sealFilled, templateValues, TemplateError, type RepositoryFacts } from "../store/template.js";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";
import { configOption, noConfigOption, nowOption, profileOption } from "./options.js";
import { UserError } from "./errors.js";
import { storeOption, withStore, type OpenedStore } from "./store-backend.js";
import type { StoreCommandOptions } from "./store-options.js";
import { packageRoot } from "./version.js";

/** Options of `new`. */
export interface NewCommandOptions extends StoreCommandOptions {
  slug?: string;
  agent?: string;
  templates?: string;
}

const PROFILES = ["hatch3r", "contract", "sno", "verified-delivery", "generic"];

/** The text of the first ```` ```json ```` fence of `template` (found by search, not a regex). */
function fencedJson(template: string): string | undefined {
  const open = template.indexOf("```json");
  if (open === -1) return undefined;
  const start = template.indexOf("\n", open);
  if (start === -1) return undefined;
  const close = template.indexOf("\n```", start);
  if (close === -1) return undefined;
  return template.slice(start + 1, close).replace(/\r$/, "");
}

/** The sno machine block's content for a new record: checkpoint 1 of the checkout as it is now. */
function snoRecordValue(repo: RepositoryFacts, values: Readonly<Record<string, string>>, cwd: string): string {
  const snapshot = repo.snapshot ?? { checkout: cwd, branch: "unknown", head: undefined, recent: [], uncommitted: [] };
  return formatRecordContent(recordFromSnapshot(snapshot, 1, values.created as string, values.agent as string), "\n");
}

/**
 * Runs `new`. @returns 0 saved (or storage_unresolved, printed).
 * @throws ConfigError, TemplateError or UserError (a failed write: nothing saved): exit 2.
 */
export async function runNew(options: NewCommandOptions, io: CommandIO): Promise<number> {
  return withStore("new", options, io, false, (opened) => newIn(opened, options, opened.io));
}

async function newIn({ session, store }: OpenedStore, options: NewCommandOptions, io: CommandIO): Promise<number> {
  const profile = options.profile ?? (store.location.profile === "generic" ? "contract" : store.location.profile);
  if (!PROFILES.includes(profile)) throw new ConfigError(`'new' has templates for ${PROFILES.join(", ")}; not '${profile}'`);
  const template = await readTemplate(options.templates ? path.resolve(io.cwd, options.templates) : path.join(packageRoot(), "templates"), profile);
  const repo = await repositoryFacts(io.cwd);
  const values: Record<string, string> = templateValues(session.now, options.slug, repo, options.agent ?? "handoffkit", io.cwd);
  const notes: string[] = [];
  let text: string;
  let fileName: string;
  if (profile === "verified-delivery") {
    const record = fencedJson(template);
    if (record === undefined) throw new TemplateError("the verified-delivery template holds no fenced json record");
    fileName = "handoff.json";
    const target = path.join(store.writeDir, fileName);
    // The verified-delivery store holds one record: never a handoff-2.json beside it.
    if (existsSync(target)) {
      throw new ConfigError(`a verified-delivery record already exists at ${path.relative(io.cwd, target)}: resume or close it first`);
    }
    // `store` names where the record really is, relative to the repository (or the working directory).
    values.store = path.relative(repo.root ?? io.cwd, target).split(path.sep).join("/") || fileName;
    text = `${fillTemplate(record, values, true)}\n`;
    if (options.slug !== undefined) notes.push(`--slug has no place in a verified-delivery record (the file is always ${fileName}); it was not used`);
    if (repo.root !== undefined && repo.noRemote) {
      notes.push(`the repository has no remote: 'repository' names this checkout (${repo.repository}); add a remote and write its URL there so another clone can resume it`);
    }
  } else {
    if (profile === "sno") values.record = snoRecordValue(repo, values, io.cwd);
    text = sealFilled(fillTemplate(template, values));
    fileName = fileNameFor(profile, session.now, values.slug as string, values.project as string, values.id);
  }
  const outcome = await store.write(fileName, new TextEncoder().encode(text)).catch((error: unknown) => {
    throw new UserError(`the handoff was not saved: ${(error as Error).message}`, { cause: error });
  });
  if (outcome.status === "storage_unresolved") {
    io.stderr.write(`handoff new: storage_unresolved (${outcome.reason}): the handoff was NOT saved; it follows on stdout\n`);
    io.stdout.write(outcome.text);
    return EXIT.ok;
  }
  io.stdout.write(`${path.relative(io.cwd, outcome.path) || outcome.path}\n`);
  if (repo.root === undefined) io.stderr.write("handoff new: not inside a git repository: branch and commit are recorded as unknown\n");
  for (const note of notes) io.stderr.write(`handoff new: ${note}\n`);
  return EXIT.ok;
}

/** Adds the `new` command. */
export function registerNew(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "new", "write a new handoff from templates/<profile>.md into the store, filled from the repository (branch, commit, recent commits, uncommitted paths, remote); a hatch3r handoff is sealed (its integrity digest written), the other profiles carry no digest (seal them with handoff seal)")
    .addOption(profileOption("template and store to use", PROFILES))
    .option("-s, --slug <slug>", "short kebab-case name: hatch3r id and summary, the contract title's scope, generic and sno file name and title (default: handoff; the contract scope defaults to the project)")
    .option("--agent <name>", "the writing agent (source_agent)", "handoffkit")
    .option("-d, --dir <dir>", "the store directory (default: found per profile)")
    .addOption(storeOption())
    .option("--templates <dir>", "a folder of <profile>.md templates to use instead of the bundled ones")
    .addOption(configOption())
    .addOption(noConfigOption())
    .addOption(nowOption("the clock"))
    .action(async (options: NewCommandOptions) => setExit(await runNew(options, io)));
}
