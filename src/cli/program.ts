/**
 * The `handoff` program: wires the commands with commander and maps every outcome to an exit code.
 */
import { Command, CommanderError } from "commander";
import { EXIT, type CommandIO } from "./io.js";
import { registerCheckpoint } from "./checkpoint.js";
import { registerInstallHook } from "./install-hook.js";
import { registerLint } from "./lint.js";
import { registerList } from "./list.js";
import { registerNew } from "./new.js";
import { registerResume } from "./resume.js";
import { registerSeal } from "./seal.js";
import { registerStats } from "./stats.js";
import { registerStatus } from "./status.js";
import { registerVerify } from "./verify.js";
import { packageVersion } from "./version.js";

/**
 * Runs the CLI with `argv` (without `node` and the script).
 * @returns the exit code; never throws.
 */
export async function runCli(argv: readonly string[], io: CommandIO): Promise<number> {
  let exitCode: number = EXIT.ok;
  const setExit = (code: number) => {
    exitCode = code;
  };
  const program = new Command("handoff")
    .description("Lint, seal, verify and resume Markdown handoff documents.")
    .version(packageVersion(), "-v, --version", "print the version")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // commander says "error: unknown option '--x'"; every other message of ours starts "handoff: ".
      outputError: (text, write) => write(text.replace(/^error: /, "handoff: ")),
    });
  // In the order `--help` lists them: check, then trust, then the store, then CI.
  registerLint(program, io, setExit);
  registerSeal(program, io, setExit);
  registerVerify(program, io, setExit);
  registerCheckpoint(program, io, setExit);
  registerNew(program, io, setExit);
  registerList(program, io, setExit);
  registerResume(program, io, setExit);
  registerStatus(program, io, setExit);
  registerStats(program, io, setExit);
  registerInstallHook(program, io, setExit);
  try {
    await program.parseAsync([...argv], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here with exit code 0.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    io.stderr.write(`handoff: internal error (please report): ${(error as Error).stack ?? String(error)}\n`);
    return EXIT.internal;
  }
  return exitCode;
}
