/**
 * `handoff status ID NEW`: an explicit status transition, refused when hatch3r's lifecycle does not
 * allow it.
 */
import { textLines } from "../../4-report/controls.js";
import type { Command } from "commander";
import { setStatus, statusLines } from "../../5-operations/status.js";
import type { StoreOptions } from "../../5-operations/store-access.js";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";
import { configOption, noConfigOption, nowOption, profileOption } from "./options.js";
import { storeOption } from "./store-backend.js";

/** Runs `status`. @returns 0 changed, 1 refused, 2 usage or unusable (thrown). */
export async function runStatus(id: string, to: string, options: StoreOptions, io: CommandIO): Promise<number> {
  const { result, refused } = await setStatus(id, to, options, io);
  const lines = textLines(statusLines(result));
  if (!result.changed) {
    io.stderr.write(lines);
    return EXIT.findings;
  }
  io.stdout.write(lines);
  if (refused !== undefined) {
    io.stderr.write(`handoff status: refused: ${refused}\n`);
    return EXIT.findings;
  }
  return EXIT.ok;
}

/** Adds the `status` command. */
export function registerStatus(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "status")
    .argument("<id>", "handoff id or file name in the store")
    .argument("<status>", "the new status")
    .option("-d, --dir <dir>", "the store directory (default: every store that exists, each found per profile)")
    .addOption(storeOption())
    .addOption(profileOption("look up the store of this profile"))
    .addOption(configOption())
    .addOption(noConfigOption())
    .addOption(nowOption("the time stamped into 'updated'"))
    .action(async (id: string, to: string, options: StoreOptions) => setExit(await runStatus(id, to, options, io)));
}
