/**
 * The `handoff` program: wires the commands with commander and maps every outcome to an exit code:
 * a command returns its code, and an error it throws is mapped here, by {@link exitForError}.
 */
import { Command, CommanderError } from "commander";
import { exitForError } from "./errors.js";
import { COMMAND_SPECS, commandSpec, type CommandName } from "./commands.js";
import { refuseFlagConflicts } from "./flag-conflicts.js";
import type { FrontEnds } from "./front-ends.js";
import { boundaryStream, EXIT, type CommandIO } from "./io.js";
import { stdoutTarget } from "./output.js";
import { packageVersion } from "../../5-operations/package-info.js";

/** Adds one command to the program. */
type Register = (program: Command, io: CommandIO, setExit: (code: number) => void, frontEnds: FrontEnds) => void;

/**
 * Each command's registration, loaded on demand: a run imports only the command it names (a
 * pre-commit `handoff lint` never loads stats, seal or checkpoint code); `--version` loads none;
 * help and unknown commands load all. Keyed by the command list (./commands.ts), which gives the
 * order, so a command there without a registration here does not compile.
 */
const REGISTRATIONS: Readonly<Record<CommandName, () => Promise<Register>>> = {
  lint: async () => (await import("./lint.js")).registerLint,
  seal: async () => (await import("./seal.js")).registerSeal,
  redact: async () => (await import("./redact.js")).registerRedact,
  verify: async () => (await import("./verify.js")).registerVerify,
  checkpoint: async () => (await import("./checkpoint.js")).registerCheckpoint,
  new: async () => (await import("./new.js")).registerNew,
  list: async () => (await import("./list.js")).registerList,
  resume: async () => (await import("./resume.js")).registerResume,
  status: async () => (await import("./status.js")).registerStatus,
  log: async () => (await import("./log.js")).registerLog,
  sync: async () => (await import("./sync.js")).registerSync,
  stats: async () => (await import("./stats.js")).registerStats,
  "install-hook": async () => (await import("./install-hook.js")).registerInstallHook,
  "install-agent-hook": async () => (await import("./install-agent-hook.js")).registerInstallAgentHook,
  mcp: async () => (await import("./mcp.js")).registerMcp,
};

/** The registrations `argv` needs: the named command's alone, or all of them. */
async function registrationsFor(argv: readonly string[]): Promise<Register[]> {
  if (argv[0] === "-v" || argv[0] === "--version") return [];
  const named = commandSpec(argv[0] ?? "");
  const wanted = named ? [named] : COMMAND_SPECS;
  return Promise.all(wanted.map((spec) => REGISTRATIONS[spec.name as CommandName]()));
}

/**
 * Runs the CLI with `argv` (without `node` and the script); `frontEnds` are the other front ends a
 * command can hand the process to (`mcp`), given by the executable.
 * @returns the exit code; never throws.
 */
export async function runCli(argv: readonly string[], given: CommandIO, frontEnds: FrontEnds = {}): Promise<number> {
  // The output boundary: every byte written is masked, and escaped for what stdout is.
  const io: CommandIO = { ...given, stdout: boundaryStream(given.stdout, stdoutTarget(argv)), stderr: boundaryStream(given.stderr, "text") };
  let exitCode: number = EXIT.ok;
  const setExit = (code: number) => {
    exitCode = code;
  };
  const program = new Command("handoff")
    .description("Lint, seal, verify and resume Markdown handoff documents.")
    .version(packageVersion(), "-v, --version", "print the version")
    .showHelpAfterError("(run with --help for usage)")
    .addHelpText(
      "after",
      "\nExit codes: 0 success, 1 findings or a refusal, 2 usage, config or internal error; `handoff <command> --help` lists each command's own.",
    )
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // commander says "error: unknown option '--x'"; every other message of ours starts "handoff: ".
      outputError: (text, write) => write(text.replace(/^error: /, "handoff: ")),
    });
  try {
    for (const register of await registrationsFor(argv)) register(program, io, setExit, frontEnds);
    for (const command of program.commands) refuseFlagConflicts(command, commandSpec(command.name())?.flagRequirements);
    await program.parseAsync([...argv], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here with exit code 0.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    // The one place a command's error becomes an exit code: commands throw, they do not map.
    return exitForError(error, io);
  }
  return exitCode;
}
