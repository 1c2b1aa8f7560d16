/**
 * `handoff status ID NEW`: an explicit status transition, refused when hatch3r's lifecycle does not
 * allow it.
 */
import path from "node:path";
import type { Command } from "commander";
import { ConfigError } from "../engine/config.js";
import { buildDocument } from "../lint.js";
import { readSource } from "../load/read.js";
import { changeStatus, ConcurrentChangeError, TransitionError } from "../resume/status-change.js";
import { isStatus, nextStatuses, STATUSES, type HandoffStatus } from "../resume/transitions.js";
import { StoreEscapeError } from "../store/naming.js";
import type { DirectoryStore, StoredHandoff } from "../store/store.js";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";
import { configOption, noConfigOption, nowOption, profileOption } from "./options.js";
import { storeOption, withStore, type OpenedStore } from "./store-backend.js";
import type { StoreCommandOptions } from "./store-options.js";

/** Runs `status`. @returns 0 changed, 1 refused, 2 usage or unusable. */
export async function runStatus(id: string, to: string, options: StoreCommandOptions, io: CommandIO): Promise<number> {
  if (!isStatus(to)) throw new ConfigError(`unknown status '${to}' (known: ${STATUSES.join(", ")})`);
  return withStore("status", options, io, false, (opened) => statusIn(opened, id, to, options, opened.io));
}

async function statusIn({ session, stores }: OpenedStore, id: string, to: HandoffStatus, options: StoreCommandOptions, io: CommandIO): Promise<number> {
  // The handoff is looked up in every store that exists, in the order list and resume read them.
  let found: { store: DirectoryStore; handoff: StoredHandoff } | undefined;
  let missing = `no handoff '${id}'`;
  for (const candidate of stores) {
    try {
      found = { store: candidate, handoff: await candidate.read(id) };
      break;
    } catch (error) {
      if (error instanceof StoreEscapeError) throw error;
      missing = (error as Error).message;
    }
  }
  if (!found) throw new ConfigError(missing);
  const { store, handoff } = found;
  const source = await readSource(handoff.path, { cwd: session.cwd, maxBytes: session.maxFileSize });
  if (source.problems.length > 0) {
    io.stderr.write(`handoff: ${source.displayPath} is unusable: ${source.problems.map((p) => p.message).join("; ")}\n`);
    return EXIT.usage;
  }
  const { document } = buildDocument(source, session);
  try {
    const from = await changeStatus(handoff.path, document, source.bytes, to, session.now);
    io.stdout.write(`${source.displayPath}: status ${from} -> ${to}\n`);
    if (to === "archived") {
      // hatch3r keeps archived handoffs in archived/, beside active/.
      const moved = await store.archive(handoff);
      if (moved !== handoff.path) io.stdout.write(`${source.displayPath}: moved to ${path.relative(io.cwd, moved)}\n`);
    }
    return EXIT.ok;
  } catch (error) {
    if (error instanceof TransitionError) {
      const from = document.frontmatter?.data?.status;
      const allowed = isStatus(from) ? nextStatuses(from) : [];
      io.stderr.write(`handoff status: refused: ${error.message}${allowed.length ? ` (allowed: ${allowed.join(", ")})` : isStatus(from) ? " (it is final)" : ""}\n`);
      return EXIT.findings;
    }
    if (error instanceof ConcurrentChangeError) {
      io.stderr.write(`handoff status: refused: ${error.message}\n`);
      return EXIT.findings;
    }
    throw error;
  }
}

/** Adds the `status` command. */
export function registerStatus(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "status", `move a handoff to another status (${STATUSES.join(", ")}), as hatch3r's lifecycle allows`)
    .argument("<id>", "handoff id or file name in the store")
    .argument("<status>", "the new status")
    .option("-d, --dir <dir>", "the store directory (default: every store that exists, each found per profile)")
    .addOption(storeOption())
    .addOption(profileOption("look up the store of this profile"))
    .addOption(configOption())
    .addOption(noConfigOption())
    .addOption(nowOption("the time stamped into 'updated'"))
    .action(async (id: string, to: string, options: StoreCommandOptions) => setExit(await runStatus(id, to, options, io)));
}
