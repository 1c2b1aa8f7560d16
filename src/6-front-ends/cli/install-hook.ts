/**
 * `handoff install-hook`: the `install-hook` operation (../operations/install-hook.ts): a git
 * pre-commit hook that runs `handoff lint --staged`; `--uninstall` removes it.
 */
import path from "node:path";
import type { Command } from "commander";
import { installHook, MANAGER_SNIPPETS, STAGED_LINT_COMMAND, uninstallHook, uninstallMessage } from "../../5-operations/install-hook.js";
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
      if (result.hookPath === undefined && result.manager && result.manager !== "husky") {
        // The manager's own config runs the hooks: it gets the step, our hook file would be overwritten or bypassed.
        const { file, snippet, then } = MANAGER_SNIPPETS[result.manager];
        io.stderr.write(
          `handoff: not installed: ${result.manager} manages the git hooks here (${result.managerEvidence}); add to ${file}:\n\n${snippet}\nthen run: ${then}\n`,
        );
        setExit(EXIT.findings);
        return;
      }
      const relative = path.relative(io.cwd, result.hookPath ?? "") || (result.hookPath ?? "");
      if (result.manager === "husky") {
        io.stdout.write(
          result.updated
            ? `husky's pre-commit hook runs handoff lint --staged already: ${relative}\n`
            : `added '${STAGED_LINT_COMMAND}' to husky's pre-commit hook: ${relative}\n`,
        );
        setExit(EXIT.ok);
        return;
      }
      io.stdout.write(`${result.updated ? "updated" : "installed"} pre-commit hook: ${relative}\n`);
      if (result.chainedPath) io.stdout.write(`it runs the previous hook first: ${path.relative(io.cwd, result.chainedPath)}\n`);
      setExit(EXIT.ok);
    });
}
