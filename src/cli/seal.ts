/**
 * `handoff seal FILE...`: computes each document's digest and writes it as `integrity` in the
 * frontmatter (inserted when absent). Only that line changes; the write is atomic and read back.
 * A document with error findings from the secret or injection rules (`no-secrets`, `injection-*`)
 * is refused unless `--force`: sealing would vouch for it.
 */
import type { Command } from "commander";
import { builtinRules } from "../../rules/index.js";
import type { Rule } from "../engine/rule.js";
import { checkDocument } from "../engine/run.js";
import { planSeal, SealError } from "../integrity/seal.js";
import { buildDocument, createSession } from "../lint.js";
import { atomicWrite, AtomicWriteError } from "../fs/atomic-write.js";
import { addCommand, commandConfig } from "./command.js";
import { eachSource } from "./each-source.js";
import { EXIT, type CommandIO } from "./io.js";
import { configOption, noConfigOption } from "./options.js";
import { selectedBackend, storeOption, withStore } from "./store-backend.js";

/** Options parsed from the command line. */
export interface SealCommandOptions {
  force?: boolean;
  config?: string | false;
  /** `--store`: with the git store, a name of one of its handoffs is sealed there. */
  store?: string;
}

/** Rules whose error findings block sealing: the secret and injection rules, by id. */
export function isSealGateRule(ruleId: string): boolean {
  return ruleId === "no-secrets" || ruleId.startsWith("injection-");
}

/**
 * Runs `seal`. @returns 0 when every file is sealed (or already was), 1 when a file was refused for
 * secret or injection findings, 2 when a file cannot be sealed or written (it is then unchanged).
 * @throws ConfigError for a bad config file.
 * @param gateRules the rules that can block sealing (default: the built-in rules {@link isSealGateRule} selects).
 */
export async function runSeal(
  files: string[],
  options: SealCommandOptions,
  io: CommandIO,
  gateRules: readonly Rule[] = builtinRules.filter((rule) => isSealGateRule(rule.meta.id)),
): Promise<number> {
  const session = createSession({ cwd: io.cwd, config: commandConfig(io.cwd, options.config).config, rules: gateRules });
  return eachSource(files, session, io, { verb: "seal", errors: [SealError, AtomicWriteError] }, async (source) => {
    const shown = source.displayPath;
    const { document, profile } = buildDocument(source, session);
    const plan = planSeal(document);
    const blocking = checkDocument(document, profile, session.prepared, { now: session.now, inlineSuppression: false }).diagnostics.filter(
      (d) => d.severity === "error" && isSealGateRule(d.ruleId),
    );
    const ids = [...new Set(blocking.map((d) => d.ruleId))].join(", ");
    const findings = `${blocking.length} error finding${blocking.length === 1 ? "" : "s"} from ${ids}`;
    const refused = blocking.length > 0 && !options.force;
    if (plan.unchanged) {
      // Sealed before (with --force, when it has such findings): it is sealed, and says so; without
      // --force the findings still fail the run, as they would have blocked the seal.
      io.stdout.write(`${shown}: already sealed ${plan.digest}${blocking.length > 0 ? ` (despite ${findings}: see 'handoff lint ${shown}')` : ""}\n`);
      return refused ? EXIT.findings : EXIT.ok;
    }
    if (refused) {
      io.stdout.write(`${shown}: not sealed: ${findings} (see 'handoff lint ${shown}'; --force seals anyway)\n`);
      return EXIT.findings;
    }
    await atomicWrite(source.path, plan.bytes, { expected: source.bytes });
    io.stdout.write(`${shown}: sealed ${plan.digest}${blocking.length > 0 ? ` (forced despite ${findings})` : ""}\n`);
    return EXIT.ok;
  });
}

/**
 * Runs `seal` on the selected store: with the git store, an argument naming one of its handoffs (id
 * or file name) is sealed in the store and published onto its ref; any other argument is a file.
 */
export async function runSealInStore(files: string[], options: SealCommandOptions, io: CommandIO): Promise<number> {
  if (selectedBackend(options, io) === "directory") return runSeal(files, options, io);
  return withStore("seal", options, io, false, async ({ store, io: shown }) => runSeal(await Promise.all(files.map((file) => store.read(file).then((h) => h.path, () => file))), options, shown));
}

/** Adds the `seal` command to `program`. */
export function registerSeal(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "seal", "write the integrity digest into each handoff's frontmatter (only that line changes)")
    .argument("<files...>", "handoff documents to seal")
    .option("--force", "seal even with error findings from the secret or injection rules")
    .addOption(configOption())
    .addOption(noConfigOption())
    .addOption(storeOption())
    .action(async (files: string[], options: SealCommandOptions) => setExit(await runSealInStore(files, options, io)));
}
