/**
 * The `SessionStart` hook entry in a Claude Code settings file (`.claude/settings.json`, see
 * https://docs.claude.com/en/docs/claude-code/hooks), merged into the file's text with
 * jsonc-parser's edits: every byte outside the one array the entry is appended to stays as it was
 * (other keys, other hooks, comments, indentation, line endings).
 */
import { applyEdits, findNodeAtLocation, modify, parseTree, type ParseError } from "jsonc-parser";

/** The hook's timeout, in seconds: a session start waits for it at most this long. */
export const HOOK_TIMEOUT_SECONDS = 15;

/**
 * The command the hook runs: resume's agent-hook output, read-only unless `markResumed`. When
 * handoffkit itself cannot run, the shell prints one line instead, so the session starts anyway.
 */
export function sessionStartCommand(markResumed: boolean): string {
  return `npx --no-install handoff resume --format agent-hook${markResumed ? "" : " --dry-run"} 2>/dev/null || echo 'handoffkit: the session-start hook could not run handoff (npm install handoffkit)'`;
}

/** How we recognise an entry of ours, whatever its flags. */
export const COMMAND_MARK = "handoff resume --format agent-hook";

/** The entry appended to `hooks.SessionStart`. */
export function sessionStartEntry(markResumed: boolean): Record<string, unknown> {
  return { matcher: "startup", hooks: [{ type: "command", command: sessionStartCommand(markResumed), timeout: HOOK_TIMEOUT_SECONDS }] };
}

/** The settings file is not something we can merge into. */
export class SettingsError extends Error {
  override name = "SettingsError";
}

/** What merging gives. */
export type MergeOutcome = { status: "unchanged" } | { status: "added" | "updated"; text: string };

function formatting(text: string): { insertSpaces: boolean; tabSize: number; eol: string } {
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? "  ";
  return { insertSpaces: !indent.startsWith("\t"), tabSize: indent.startsWith("\t") ? 1 : indent.length, eol: text.includes("\r\n") ? "\r\n" : "\n" };
}

/**
 * Merges the SessionStart entry into `text` (the settings file, or undefined when there is none).
 * An entry of ours already there with the same command is left alone; one with other flags has its
 * command replaced; otherwise the entry is appended to `hooks.SessionStart` (created when absent).
 * @throws SettingsError when `text` is not a JSON object, or `hooks` / `hooks.SessionStart` is
 * not of the shape Claude Code reads (an object, an array).
 */
export function mergeSessionStartHook(text: string | undefined, markResumed: boolean): MergeOutcome {
  if (text === undefined || text.trim() === "")
    return { status: "added", text: `${JSON.stringify({ hooks: { SessionStart: [sessionStartEntry(markResumed)] } }, null, 2)}\n` };
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0 || !root) throw new SettingsError(`not valid JSON (at offset ${errors[0]?.offset ?? 0}); fix it, then run this again`);
  if (root.type !== "object") throw new SettingsError("the settings are not a JSON object");
  const hooks = findNodeAtLocation(root, ["hooks"]);
  if (hooks && hooks.type !== "object") throw new SettingsError("'hooks' is not an object");
  const list = findNodeAtLocation(root, ["hooks", "SessionStart"]);
  if (list && list.type !== "array") throw new SettingsError("'hooks.SessionStart' is not an array");
  const options = { formattingOptions: formatting(text) };
  const wanted = sessionStartCommand(markResumed);
  for (const [i, entry] of (list?.children ?? []).entries()) {
    for (const [j, hook] of (findNodeAtLocation(entry, ["hooks"])?.children ?? []).entries()) {
      const command = findNodeAtLocation(hook, ["command"])?.value;
      if (typeof command !== "string" || !command.includes(COMMAND_MARK)) continue;
      if (command === wanted) return { status: "unchanged" };
      return { status: "updated", text: applyEdits(text, modify(text, ["hooks", "SessionStart", i, "hooks", j, "command"], wanted, options)) };
    }
  }
  const at = list?.children?.length ?? 0;
  const path = list ? ["hooks", "SessionStart", at] : hooks ? ["hooks", "SessionStart"] : ["hooks"];
  const value = list ? sessionStartEntry(markResumed) : hooks ? [sessionStartEntry(markResumed)] : { SessionStart: [sessionStartEntry(markResumed)] };
  return { status: "added", text: applyEdits(text, modify(text, path, value, { ...options, isArrayInsertion: Boolean(list) })) };
}
