/**
 * `handoff install-hook`: the `install-hook` operation (../operations/install-hook.ts): a git
 * pre-commit hook that runs `handoff lint --staged`; `--uninstall` removes it.
 */
import path from "node:path";
import type { Command } from "commander";
import { installHook, uninstallHook, uninstallMessage } from "../../5-operations/install-hook.js";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";

/** Adds the `install-hook` command to `program`. */
export function registerInstallHook(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "install-hook")
    .option("--uninstall", "remove the handoffkit hook (a hook it chained becomes pre-commit again; another tool's hook is left alone)")
    .action(async (options: { uninstall?: boolean }) => {
      if (options.uninstall) {
        io.stdout.write(uninstallMessage(await uninstallHook(io.cwd), io.cwd));
        setExit(EXIT.ok);
        return;
      }
      const result = await installHook(io.cwd);
      const relative = path.relative(io.cwd, result.hookPath) || result.hookPath;
      io.stdout.write(`${result.updated ? "updated" : "installed"} pre-commit hook: ${relative}\n`);
      if (result.chainedPath) io.stdout.write(`it runs the previous hook first: ${path.relative(io.cwd, result.chainedPath)}\n`);
      setExit(EXIT.ok);
    });
}
