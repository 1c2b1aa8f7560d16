/**
 * What a *handoff file* is: the one definition `lint DIR`, `stats`, `lint --staged`, the installed
 * pre-commit hook, the store listing and `.pre-commit-hooks.yaml` share.
 *
 * 1. **Extension** `.md`, `.markdown`, `.txt` or `.json`, in any case (`NOTES.MD` counts).
 * 2. **Not a well-known other file** sharing an extension: package manifests, tool configs,
 *    licences, changelogs, `requirements*.txt`, handoffkit's own `handoff.config.json` and
 *    `handoff-baseline.json`, and the contract's store setting `.claude/handoff.json`.
 * 3. **Where it is** — only for searches of a whole repository (`--staged`, the hook), where most
 *    files are not handoffs: a directory on its path is named `handoff`, `handoffs`, `.handoff`,
 *    `.handoffs` (so `.hatch3r/handoffs/`, `.agents/handoffs/` and `Handoffs/` too) or
 *    `.verified-delivery`, or the file name itself says `handoff` or `hand-off`
 *    (`HANDOFF-app-20260301T0900Z.md`, `docs/handoff-2026-03-01.md`, `session_hand-off.txt`).
 *    Directory and file names match in any case.
 *
 * A directory the user names (`lint DIR`, `stats DIR`) is taken to hold handoffs: every file in it
 * that passes 1 and 2 is one. A file named explicitly on the command line is always linted.
 */

/** Extensions of handoff files (lowercase; matched in any case). */
export const HANDOFF_EXTENSIONS = ["md", "markdown", "txt", "json"] as const;

/** Rule 1 ({@link HANDOFF_EXTENSIONS}; a test keeps the two equal). */
const EXTENSION_RE = /\.(?:md|markdown|txt|json)$/i;

/**
 * Rule 2 for base names. Written in the regex subset JavaScript and Python share, so its source is
 * also `exclude` in `.pre-commit-hooks.yaml`.
 */
const NOT_HANDOFF_NAME_RE =
  // eslint-disable-next-line regexp/no-dupe-disjunctions -- anchored at both ends over one file name: the overlap (tsconfig.schema.json) is matched once whichever alternative takes it
  /^(?:package(?:-lock)?\.json|npm-shrinkwrap\.json|(?:ts|js)config(?:\.[\w-]+)?\.json|composer\.json|bower\.json|lerna\.json|nx\.json|turbo\.json|deno\.jsonc?|vercel\.json|renovate\.json|manifest\.json|\.?[\w-]*rc\.json|[\w.-]+\.schema\.json|handoff\.config\.json|handoff-baseline\.json|\.markdownlint(?:-cli2)?\.jsonc?|(?:changelog|changes|history|license|licence|copying|notice|authors|contributors|contributing|code_of_conduct|security|support|codeowners)(?:\.[\w-]+)?\.(?:md|markdown|txt)|requirements[\w.-]*\.txt|cmakelists\.txt|robots\.txt)$/i;

/** Rule 2 for whole paths: the contract's `.claude/handoff.json` setting. */
const NOT_HANDOFF_PATH_RE = /(?:^|\/)\.claude\/handoff\.json$/i;

/** Rule 3: a directory that holds handoffs. */
const HANDOFF_DIRECTORY_RE = /^(?:\.?handoffs?|\.verified-delivery)$/i;

/** Rule 3: a file name that says it is a handoff. */
const HANDOFF_NAME_RE = /hand[-_]?off/i;

/**
 * Rule 2 as one regex source over `/`-separated paths, for Python's `(?i)`: `exclude` in
 * `.pre-commit-hooks.yaml`.
 */
export const NOT_HANDOFF_PATH_PATTERN = `(^|/)${NOT_HANDOFF_NAME_RE.source.slice(1)}|${NOT_HANDOFF_PATH_RE.source.replace(/\\\//g, "/")}`;

/**
 * Rules 1 and 3 as one regex source over `/`-separated repository paths, for Python's `(?i)`:
 * `files` in `.pre-commit-hooks.yaml`. (handoffkit itself tests paths with {@link isHandoffPath},
 * which runs in linear time; a test keeps the two in agreement.)
 */
export const HANDOFF_PATH_PATTERN =
  "(^|/)(\\.?handoffs?|\\.verified-delivery)/.*\\.(md|markdown|txt|json)$|(^|/)[^/]*hand[-_]?off[^/]*\\.(md|markdown|txt|json)$";

function segments(relativePath: string): string[] {
  return relativePath.split(/[\\/]/).filter((s) => s !== "" && s !== ".");
}

/** True when `fileName` (a base name) has a handoff extension, in any case (rule 1). */
export function hasHandoffExtension(fileName: string): boolean {
  return EXTENSION_RE.test(fileName);
}

/** True for a base name that is never a handoff (rule 2: `package.json`, `CHANGELOG.md`, …). */
export function isWellKnownNonHandoff(fileName: string): boolean {
  return NOT_HANDOFF_NAME_RE.test(fileName);
}

/** Rules 1 and 2 for `parts` (path segments, the base name last). */
function passesNameRules(parts: readonly string[]): boolean {
  const base = parts[parts.length - 1] ?? "";
  return hasHandoffExtension(base) && !isWellKnownNonHandoff(base) && !NOT_HANDOFF_PATH_RE.test(parts.join("/"));
}

/**
 * True when a file inside a directory the user named is a handoff (rules 1 and 2).
 * @param relativePath `/`- or `\`-separated; relative to the repository root where there is one
 * (so `.claude/handoff.json` is recognised), else to the named directory.
 */
export function isHandoffInDirectory(relativePath: string): boolean {
  return passesNameRules(segments(relativePath));
}

/**
 * True when a file found by a search of a whole repository is a handoff (rules 1, 2 and 3): what
 * `lint --staged` and the installed hook check.
 * @param relativePath relative to the repository root, `/`- or `\`-separated.
 */
export function isHandoffPath(relativePath: string): boolean {
  const parts = segments(relativePath);
  if (!passesNameRules(parts)) return false;
  const base = parts[parts.length - 1] as string;
  return HANDOFF_NAME_RE.test(base) || parts.slice(0, -1).some((dir) => HANDOFF_DIRECTORY_RE.test(dir));
}
