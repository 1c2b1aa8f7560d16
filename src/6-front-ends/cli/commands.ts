/**
 * Every command of the `handoff` program, declared once: its name (in help order), what `--help`
 * says it does, its exit codes, whether its standard output is text for people only (written with
 * control characters escaped), and the flags that mean nothing without another. The program
 * (`./program.ts`), `--help`, the README's exit-code table (test/cli/exit-codes.test.ts) and the
 * bundle's code cache (./compile-cache.ts) are derived from it. Data only: the bin's code cache
 * reads it before anything else is loaded.
 */
import { STATUSES } from "../../5-operations/resume/transitions.js";

/** One command. */
export interface CommandSpec {
  readonly name: string;
  /** One line for `--help`. */
  readonly summary: string;
  /** What each exit code means for this command; `2` is always a usage, config or internal error. */
  readonly exitCodes: ReadonlyArray<readonly [code: number, meaning: string]>;
  /** Its standard output is text for people and nothing else (no machine format): written with control characters escaped. */
  readonly textOnly: boolean;
  /** Flags that only mean something with another one: `{ "--since": "--history" }`. */
  readonly flagRequirements?: Readonly<Record<string, string>>;
}

/** The commands, in help order: check, then trust, then the store, then CI. */
export const COMMAND_SPECS = [
  {
    name: "lint",
    summary: "check handoff documents and report findings with file:line:col",
    exitCodes: [
      [0, "no errors (warnings within --max-warnings)"],
      [1, "at least one error, or more warnings than --max-warnings"],
      [2, "usage, config or internal error (a path that matches nothing without --no-error-on-unmatched-pattern, a rule that threw)"],
    ],
    textOnly: false,
  },
  {
    name: "seal",
    summary: "write the integrity digest into each handoff's frontmatter (only that line changes)",
    exitCodes: [
      [0, "every file sealed (or already sealed)"],
      [
        1,
        "a file was not sealed, or was sealed before with --force: error findings from the secret or injection rules (--force seals anyway); git store: another session changed the handoff first",
      ],
      [2, "a file cannot be sealed (unreadable, broken frontmatter, a JSON record) or a usage error"],
    ],
    textOnly: true,
  },
  {
    name: "redact",
    summary: "replace each secret the no-secrets rule finds with [REDACTED:<kind>] (no other byte changes; sealed documents are sealed again)",
    exitCodes: [
      [0, "every secret replaced (or none found); with --dry-run: none found"],
      [1, "--dry-run: a file holds secrets to replace (the masked diff is printed)"],
      [2, "a file is unusable, cannot be redacted safely, the write failed (the file is unchanged), or a usage error"],
    ],
    textOnly: true,
  },
  {
    name: "verify",
    summary: "check each handoff's integrity digest (exit 0 holds, 1 does not, 2 unusable)",
    exitCodes: [
      [0, "integrity holds (or the format has no digest) and, with --git, the repository is where the handoff says"],
      [1, "integrity does not hold or the file is not sealed; with --git, drift (commits that only change handoff files are not drift)"],
      [2, "a file is unusable, no repository to compare with, or a usage error"],
    ],
    textOnly: true,
    flagRequirements: { "--repo": "--git" },
  },
  {
    name: "checkpoint",
    summary: "write or refresh a sno progress record's machine block, or --verify it against its checkout",
    exitCodes: [
      [0, "written (and re-sealed when it was sealed), or --verify: MATCH"],
      [1, "--verify: DRIFT; or not written: the record's seal did not hold (check it, then run handoff seal)"],
      [2, "the record is unusable, not a git work tree, the write failed (the file is unchanged), or a usage error"],
    ],
    textOnly: true,
  },
  {
    name: "new",
    summary:
      "write a new handoff from templates/<profile>.md into the store, filled from the repository (branch, commit, recent commits, uncommitted paths, remote); a hatch3r handoff is sealed (its integrity digest written), the other profiles carry no digest (seal them with handoff seal)",
    exitCodes: [
      [0, "written (the path on stdout), or storage_unresolved (the handoff on stdout, not saved)"],
      [
        1,
        "not written, refused: --from: the handoff holds a secret, an injection finding or another error against its profile; git store: the handoff holds a secret, or another session wrote the same name first",
      ],
      [2, "not written: a usage error, an existing verified-delivery record, or a failed write"],
    ],
    textOnly: true,
  },
  {
    name: "list",
    summary: "the handoffs in every store, newest first (document time, then file-name time, then path), with their store and health",
    exitCodes: [
      [0, "listed (also when there is nothing to list)"],
      [2, "usage or config error"],
    ],
    textOnly: false,
  },
  {
    name: "resume",
    summary: "validate a handoff (the newest open one by default), print the verdict and warnings, then its content between user-tier markers",
    exitCodes: [
      [0, "resumed (with --dry-run: would resume, nothing changed), or nothing to resume (verdict none)"],
      [1, "refused: a check refused (with --strict also integrity, drift and expiry warnings), or another session changed it first"],
      [2, "the handoff is unusable, a named handoff does not exist, or a usage error"],
    ],
    textOnly: false,
  },
  {
    name: "status",
    summary: `move a handoff to another status (${STATUSES.join(", ")}), as hatch3r's lifecycle allows`,
    exitCodes: [
      [0, "the status changed"],
      [1, "refused: the lifecycle does not allow the move, or another session changed the handoff first"],
      [2, "no such handoff, an unknown status, an unusable file, or a usage error"],
    ],
    textOnly: true,
  },
  {
    name: "log",
    summary: "the git store's history of one handoff: each commit of refs/handoffs/default that added, changed or removed it, newest first",
    exitCodes: [
      [0, "the handoff's history printed"],
      [2, "no git store here, no such handoff in its history, or a usage error"],
    ],
    textOnly: false,
  },
  {
    name: "sync",
    summary:
      "fetch the remote's refs/handoffs/*, merge them by handoff with this repository's git stores (a handoff changed on both sides is kept twice and reported), push without force",
    exitCodes: [
      [0, "every git store is the same here and on the remote"],
      [1, "synced, but a handoff changed on both sides: both versions are kept (the remote's beside ours, as .conflict-<blob>) for a person to resolve"],
      [2, "the remote cannot be fetched or pushed, it still rejected the push after the retries, or a usage error"],
    ],
    textOnly: false,
  },
  {
    name: "stats",
    summary: "schema-adoption figures over handoffs (counts and shares), for CI",
    exitCodes: [
      [0, "figures printed; every --fail-under gate holds (a figure of 0 of 0 passes, with a note)"],
      [1, "a --fail-under gate fails"],
      [2, "usage error, a path that matches nothing, or a gate naming no figure"],
    ],
    textOnly: false,
    flagRequirements: { "--since": "--history" },
  },
  {
    name: "install-hook",
    summary:
      "install a git pre-commit hook that lints the staged content of changed handoffs (chains an existing hook; with husky, adds the step to .husky/pre-commit)",
    exitCodes: [
      [0, "installed or updated (husky: the step added to .husky/pre-commit); with --uninstall, removed (a chained hook restored) or nothing to remove"],
      [1, "not installed: lefthook, pre-commit or simple-git-hooks manages the hooks; the step to add to its config is printed"],
      [2, "not a git repository, a chained hook already exists, or the write failed"],
    ],
    textOnly: true,
  },
  {
    name: "install-agent-hook",
    summary: "add a SessionStart hook to .claude/settings.json (merged, never replaced) so each new agent session gets resume's output as context",
    exitCodes: [
      [0, "installed, updated, or already installed"],
      [2, "the settings file is not a JSON object of the expected shape, or the write failed (it is unchanged)"],
    ],
    textOnly: true,
  },
  {
    name: "mcp",
    summary:
      "run the Model Context Protocol server over stdio (tools handoff_write, handoff_resume, handoff_lint, handoff_list, handoff_verify, handoff_status; resources handoff://latest and handoff://handoffs/{id})",
    exitCodes: [
      [0, "the client closed the connection"],
      [2, "the server could not start"],
    ],
    textOnly: false,
  },
] as const satisfies readonly CommandSpec[];

/** A command's name. */
export type CommandName = (typeof COMMAND_SPECS)[number]["name"];

/** The command named `name`, if there is one. */
export function commandSpec(name: string): CommandSpec | undefined {
  return (COMMAND_SPECS as readonly CommandSpec[]).find((spec) => spec.name === name);
}
