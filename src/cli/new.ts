/**
 * `handoff new`: the `new` operation (../operations/new.ts); the new file's path on stdout (or,
 * where the store does not outlive the session, the handoff itself).
 */
import type { Command } from "commander";
import { newHandoff, NEW_PROFILES, type NewOptions } from "../operations/new.js";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";
import { configOption, noConfigOption, nowOption, profileOption } from "./options.js";
import { storeOption } from "./store-backend.js";

/** Options of `new` as the command line gives them. */
export type NewCommandOptions = NewOptions;

/** Runs `new`. @returns 0 saved (or storage_unresolved, printed); 1 the git store refused the publish. */
export async function runNew(options: NewCommandOptions, io: CommandIO): Promise<number> {
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
