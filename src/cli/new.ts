/**
 * `handoff new`: a new handoff from `templates/<profile>.md`, filled from the clock and the live
 * repository, sealed, and written through the store (atomic, never overwriting, read back).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { ConfigError } from "../engine/config.js";
import { fileNameFor } from "../store/naming.js";
import { fillTemplate, readTemplate, repositoryFacts, sealFilled, templateValues, TemplateError } from "../store/template.js";
import { exitCodesHelp } from "./exit-codes.js";
import { EXIT, type CommandIO } from "./io.js";
import { UsageError } from "./lint.js";
import { openStore, type StoreCommandOptions } from "./store-options.js";
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

/** Runs `new`. @returns 0 saved (or storage_unresolved, printed), 2 usage or write failure. */
export async function runNew(options: NewCommandOptions, io: CommandIO): Promise<number> {
  try {
    const { session, store } = openStore(options, io);
    const profile = options.profile ?? (store.location.profile === "generic" ? "contract" : store.location.profile);
    if (!PROFILES.includes(profile)) throw new ConfigError(`'new' has templates for ${PROFILES.join(", ")}; not '${profile}'`);
    const template = await readTemplate(options.templates ? path.resolve(io.cwd, options.templates) : path.join(packageRoot(), "templates"), profile);
    const repo = await repositoryFacts(io.cwd);
    const values = templateValues(session.now, options.slug ?? "handoff", repo, options.agent ?? "handoffkit", io.cwd);
    let text: string;
    let fileName: string;
    if (profile === "verified-delivery") {
      const record = fencedJson(template);
      if (record === undefined) throw new TemplateError("the verified-delivery template holds no fenced json record");
      text = `${fillTemplate(record, values, true)}\n`;
      fileName = "handoff.json";
      // The verified-delivery store holds one record: never a handoff-2.json beside it.
      if (existsSync(path.join(store.writeDir, fileName))) {
        throw new ConfigError(`a verified-delivery record already exists at ${path.relative(io.cwd, path.join(store.writeDir, fileName))}: resume or close it first`);
      }
    } else {
      text = sealFilled(fillTemplate(template, values));
      fileName = fileNameFor(profile, session.now, values.slug as string, values.project as string, values.id);
    }
    const outcome = await store.write(fileName, new TextEncoder().encode(text));
    if (outcome.status === "storage_unresolved") {
      io.stderr.write(`handoff new: storage_unresolved (${outcome.reason}): the handoff was NOT saved; it follows on stdout\n`);
      io.stdout.write(outcome.text);
      return EXIT.ok;
    }
    io.stdout.write(`${path.relative(io.cwd, outcome.path) || outcome.path}\n`);
    if (repo.root === undefined) io.stderr.write("handoff new: not inside a git repository: branch and commit are recorded as unknown\n");
    return EXIT.ok;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof TemplateError || error instanceof UsageError) {
      io.stderr.write(`handoff: ${error.message}\n`);
      return EXIT.usage;
    }
    io.stderr.write(`handoff new: the handoff was not saved: ${(error as Error).message}\n`);
    return EXIT.internal;
  }
}

/** Adds the `new` command. */
export function registerNew(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  program
    .command("new")
    .description("write a new handoff from templates/<profile>.md into the store, sealed")
    .option("-p, --profile <profile>", `template and store to use: ${PROFILES.join(", ")}`)
    .option("-s, --slug <slug>", "short kebab-case name (hatch3r id slug, file name)", "handoff")
    .option("--agent <name>", "the writing agent (source_agent)", "handoffkit")
    .option("-d, --dir <dir>", "the store directory (default: found per profile)")
    .option("--templates <dir>", "a folder of <profile>.md templates to use instead of the bundled ones")
    .option("--now <iso>", "the clock (ISO-8601 with zone)")
    .addHelpText("after", exitCodesHelp("new"))
    .action(async (options: NewCommandOptions) => {
      setExit(await runNew(options, io));
    });
}
