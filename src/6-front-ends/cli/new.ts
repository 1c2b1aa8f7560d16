/**
 * `handoff new`: the `new` operation (../operations/new.ts); the new file's path on stdout (or,
 * where the store does not outlive the session, the handoff itself).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Command } from "commander";
import { newHandoff, NEW_PROFILES, type NewOptions } from "../../5-operations/new.js";
import { openStore } from "../../5-operations/store-access.js";
import { writeHandoff } from "../../5-operations/write.js";
import { UsageError } from "./errors.js";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";
import { configOption, noConfigOption, nowOption, profileOption } from "./options.js";
import { storeOption } from "./store-backend.js";

/** Options of `new` as the command line gives them. */
export interface NewCommandOptions extends NewOptions {
  /** A finished handoff to write instead of a template: a file, or `-` for standard input. */
  from?: string;
  /** With `from`: replace secrets with markers instead of refusing. */
  redact?: boolean;
}

/** The text of `--from`: the file, or standard input for `-`. @throws UsageError when it cannot be read. */
async function fromText(from: string, io: CommandIO): Promise<string> {
  if (from === "-") {
    if (!io.stdin) throw new UsageError("--from -: no standard input");
    const chunks: Uint8Array[] = [];
    for await (const chunk of io.stdin) chunks.push(typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk);
    return new TextDecoder().decode(Buffer.concat(chunks));
  }
  try {
    return await readFile(path.resolve(io.cwd, from), "utf8");
  } catch (error) {
    throw new UsageError(`--from ${from}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/** Runs `new --from`: the finished handoff written into the store (the `write` operation). */
async function runNewFrom(from: string, options: NewCommandOptions, io: CommandIO): Promise<number> {
  if (options.templates !== undefined) throw new UsageError("--from writes a finished handoff: --templates fills a template and cannot be combined with it");
  const content = await fromText(from, io);
  const profile = options.profile ?? openStore({ dir: options.dir, config: options.config }, io).store.location.profile;
  const result = await writeHandoff({ content, profile, ...(options.slug !== undefined ? { slug: options.slug } : {}), redact: Boolean(options.redact) }, io, {
    dir: options.dir,
    config: options.config,
    now: options.now,
    store: options.store,
  });
  if (result.status === "refused") {
    io.stderr.write(`handoff new: refused: ${result.reason}\n`);
    for (const f of result.findings) io.stderr.write(`  ${f.line}:${f.column}  ${f.severity}  ${f.message}  ${f.ruleId}\n`);
    return EXIT.findings;
  }
  if (result.status === "storage_unresolved") {
    io.stderr.write(`handoff new: storage_unresolved (${result.reason}): the handoff was NOT saved; it follows on stdout\n`);
    io.stdout.write(result.text ?? "");
    return EXIT.ok;
  }
  io.stdout.write(`${result.path}\n`);
  if (result.redacted > 0) io.stderr.write(`handoff new: redacted ${result.redacted} value${result.redacted === 1 ? "" : "s"}\n`);
  return EXIT.ok;
}

/** Runs `new`. @returns 0 saved (or storage_unresolved, printed); 1 refused (the git store's publish, or `--from`'s checks). */
export async function runNew(options: NewCommandOptions, io: CommandIO): Promise<number> {
  if (options.from !== undefined) return runNewFrom(options.from, options, io);
  if (options.redact) throw new UsageError("--redact applies to --from");
  const { result, refused } = await newHandoff(options, io);
  if (result.status === "storage_unresolved") {
    io.stderr.write(`handoff new: storage_unresolved (${result.reason}): the handoff was NOT saved; it follows on stdout\n`);
    io.stdout.write(result.text);
  } else {
    io.stdout.write(`${result.path}\n`);
    if (result.outsideRepository) io.stderr.write("handoff new: not inside a git repository: branch and commit are recorded as unknown\n");
    for (const note of result.notes) io.stderr.write(`handoff new: ${note}\n`);
  }
  if (refused === undefined) return EXIT.ok;
  io.stderr.write(`handoff new: refused: ${refused}\n`);
  return EXIT.findings;
}

/** Adds the `new` command. */
export function registerNew(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "new")
    .addOption(profileOption("template and store to use", NEW_PROFILES))
    .option(
      "-s, --slug <slug>",
      "short kebab-case name: hatch3r id and summary, the contract title's scope, generic and sno file name and title (default: handoff; the contract scope defaults to the project)",
    )
    .option("--agent <name>", "the writing agent (source_agent)", "handoffkit")
    .option("-d, --dir <dir>", "the store directory (default: found per profile)")
    .addOption(storeOption())
    .option("--templates <dir>", "a folder of <profile>.md templates to use instead of the bundled ones")
    .option(
      "--from <file>",
      "write this finished handoff (a file, or - for standard input) into the store instead of a template: refused while it holds a secret, an injection finding or another error against its profile",
    )
    .option("--redact", "with --from: replace the secrets it holds with [REDACTED:<kind>] instead of refusing")
    .addOption(configOption())
    .addOption(noConfigOption())
    .addOption(nowOption("the clock"))
    .action(async (options: NewCommandOptions) => setExit(await runNew(options, io)));
}
