/**
 * Every command's exit codes, in one table: `--help` prints each command's rows and a test keeps
 * the README's table equal to this one. `2` is always a usage, config or internal error.
 */

/** The commands, in help order, and what each exit code means for them. */
export const EXIT_CODES = {
  lint: [
    [0, "no errors (warnings within --max-warnings)"],
    [1, "at least one error, or more warnings than --max-warnings"],
    [2, "usage, config or internal error (a path that matches nothing without --no-error-on-unmatched-pattern, a rule that threw)"],
  ],
  seal: [
    [0, "every file sealed (or already sealed)"],
    [1, "a file was not sealed, or was sealed before with --force: error findings from the secret or injection rules (--force seals anyway); git store: another session changed the handoff first"],
    [2, "a file cannot be sealed (unreadable, broken frontmatter, a JSON record) or a usage error"],
  ],
  verify: [
    [0, "integrity holds (or the format has no digest) and, with --git, the repository is where the handoff says"],
    [1, "integrity does not hold or the file is not sealed; with --git, drift (commits that only change handoff files are not drift)"],
    [2, "a file is unusable, no repository to compare with, or a usage error"],
  ],
  checkpoint: [
    [0, "written (and re-sealed when it was sealed), or --verify: MATCH"],
    [1, "--verify: DRIFT; or not written: the record's seal did not hold (check it, then run handoff seal)"],
    [2, "the record is unusable, not a git work tree, the write failed (the file is unchanged), or a usage error"],
  ],
  new: [
    [0, "written (the path on stdout), or storage_unresolved (the handoff on stdout, not saved)"],
    [1, "git store: not written, refused: the handoff holds a secret, or another session wrote the same name first"],
    [2, "not written: a usage error, an existing verified-delivery record, or a failed write"],
  ],
  list: [
    [0, "listed (also when there is nothing to list)"],
    [2, "usage or config error"],
  ],
  resume: [
    [0, "resumed (with --dry-run: would resume, nothing changed), or nothing to resume (verdict none)"],
    [1, "refused: a check refused (with --strict also integrity, drift and expiry warnings), or another session changed it first"],
    [2, "the handoff is unusable, a named handoff does not exist, or a usage error"],
  ],
  status: [
    [0, "the status changed"],
    [1, "refused: the lifecycle does not allow the move, or another session changed the handoff first"],
    [2, "no such handoff, an unknown status, an unusable file, or a usage error"],
  ],
  log: [
    [0, "the handoff's history printed"],
    [2, "no git store here, no such handoff in its history, or a usage error"],
  ],
  sync: [
    [0, "every git store is the same here and on the remote"],
    [1, "synced, but a handoff changed on both sides: both versions are kept (the remote's beside ours, as .conflict-<blob>) for a person to resolve"],
    [2, "the remote cannot be fetched or pushed, it still rejected the push after the retries, or a usage error"],
  ],
  stats: [
    [0, "figures printed; every --fail-under gate holds (a figure of 0 of 0 passes, with a note)"],
    [1, "a --fail-under gate fails"],
    [2, "usage error, a path that matches nothing, or a gate naming no figure"],
  ],
  "install-hook": [
    [0, "installed or updated; with --uninstall, removed (a chained hook restored) or nothing to remove"],
    [2, "not a git repository, a chained hook already exists, or the write failed"],
  ],
  "install-agent-hook": [
    [0, "installed, updated, or already installed"],
    [2, "the settings file is not a JSON object of the expected shape, or the write failed (it is unchanged)"],
  ],
  redact: [
    [0, "every secret replaced (or none found); with --dry-run: none found"],
    [1, "--dry-run: a file holds secrets to replace (the masked diff is printed)"],
    [2, "a file is unusable, cannot be redacted safely, the write failed (the file is unchanged), or a usage error"],
  ],
  mcp: [
    [0, "the client closed the connection"],
    [2, "the server could not start"],
  ],
} as const satisfies Record<string, ReadonlyArray<readonly [number, string]>>;

/** A command with exit codes in {@link EXIT_CODES}. */
export type CommandName = keyof typeof EXIT_CODES;

/** The `Exit codes:` block `--help` prints after a command's options. */
export function exitCodesHelp(command: CommandName): string {
  return `\nExit codes:\n${EXIT_CODES[command].map(([code, meaning]) => `  ${code}  ${meaning}`).join("\n")}\n`;
}
