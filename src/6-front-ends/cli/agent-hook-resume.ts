/**
 * `handoff resume --format agent-hook`: resume's text report wrapped as a Claude Code
 * `SessionStart` hook answers (`{"hookSpecificOutput": {"hookEventName": "SessionStart",
 * "additionalContext": …}}`). It fails open: whatever goes wrong, it exits 0 with a one-line note
 * as the context, so a session never waits on it.
 */
import { captureCommand } from "./captured-io.js";
import { EXIT, type CommandIO } from "./io.js";

/** The hook's JSON for `context`. */
export function sessionStartOutput(context: string): string {
  return `${JSON.stringify({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context } })}\n`;
}

/**
 * Runs `resume` for a session-start hook. @param resumeText runs `resume` with its text report
 * on the IO it is given (handed in by the resume command, so this module never imports it back).
 * @returns 0, always.
 */
export async function runAgentHookResume(resumeText: (io: CommandIO) => Promise<number>, io: CommandIO): Promise<number> {
  let context: string;
  try {
    const run = await captureCommand(io.cwd, io.env, resumeText);
    const note = run.stderr.split("\n").find((line) => line.trim() !== "") ?? `exit ${run.exitCode}`;
    context = run.exitCode === EXIT.usage ? `handoffkit: no handoff context: ${note.replace(/^handoff(?: resume)?: /, "")}` : run.stdout;
  } catch (error) {
    context = `handoffkit: no handoff context: ${(error as Error).message.split("\n")[0]}`;
  }
  io.stdout.write(sessionStartOutput(context));
  return EXIT.ok;
}
