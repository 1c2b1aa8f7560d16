/**
 * The commits since the one a handoff names, split into those that moved the work on and those
 * that only add or change handoff files (the store): committing a handoff, or refreshing it, is
 * not drift — otherwise every committed handoff would be one commit behind the moment it lands.
 */
import { runGit } from "../../0-platform/git/run.js";
import type { CommitInfo } from "../../0-platform/git/queries.js";

/** A commit left out of the drift count, and the paths it changed (all handoff files). */
export interface SkippedCommit extends CommitInfo {
  /** Paths relative to the work tree root, `/`-separated. */
  paths: string[];
}

/** The commits in `from..HEAD`, newest first, in two groups. */
export interface CommitsSince {
  /** Commits that change anything besides handoff files (empty and merge-only commits included). */
  counted: CommitInfo[];
  /** Commits whose every changed path is a handoff file. */
  skipped: SkippedCommit[];
  /** The listing stopped at `limit` commits: more exist. */
  truncated: boolean;
}

const HEADER_RE = /^([0-9a-f]{40,64})\x1f/;

/**
 * Splits `from..HEAD` (what `git log --oneline <from>..HEAD` lists) by what each commit changed.
 * A merge commit's paths are its changes against each parent (`git log -m`), so it is skipped
 * only when every side of it only touched handoff files.
 * @param isStorePath decides for a path relative to `root` (`/`-separated) whether it is a
 * handoff file.
 * @param limit at most this many commits are read.
 * @throws GitError when git fails (an unknown `from`).
 */
export async function commitsSinceBy(root: string, from: string, isStorePath: (path: string) => boolean, limit = 1000): Promise<CommitsSince> {
  const out = await runGit(["log", "-z", "-m", "--name-only", `-n${limit + 1}`, "--format=%H%x1f%s", `${from}..HEAD`, "--"], root);
  // Tokens are NUL-separated: a header `sha\x1fsubject`, then (after a newline) the paths it changed.
  const order: string[] = [];
  const commits = new Map<string, { subject: string; paths: Set<string> }>();
  let current: { subject: string; paths: Set<string> } | undefined;
  for (const raw of out.stdout.toString("utf8").split("\0")) {
    const token = raw.startsWith("\n") ? raw.slice(1) : raw;
    if (token === "") continue;
    const header = raw.startsWith("\n") ? null : HEADER_RE.exec(token);
    if (header) {
      const sha = header[1] as string;
      current = commits.get(sha);
      if (!current) {
        current = { subject: token.slice(header[0].length), paths: new Set() };
        commits.set(sha, current);
        order.push(sha);
      }
      continue;
    }
    current?.paths.add(token);
  }
  const truncated = order.length > limit;
  const counted: CommitInfo[] = [];
  const skipped: SkippedCommit[] = [];
  for (const sha of order.slice(0, limit)) {
    const { subject, paths } = commits.get(sha) as { subject: string; paths: Set<string> };
    const list = [...paths];
    if (list.length > 0 && list.every(isStorePath)) skipped.push({ sha, subject, paths: list });
    else counted.push({ sha, subject });
  }
  return { counted, skipped, truncated };
}

/**
 * One line naming the skipped commits and why, e.g. `1 commit since a1b2c3d only changes handoff
 * files and is not counted: 9f8e7d6 add handoff (.handoffs/HANDOFF-x.md)`. Lists at most 5.
 */
export function describeSkipped(skipped: readonly SkippedCommit[], since: string): string {
  const n = skipped.length;
  const listed = skipped
    .slice(0, 5)
    .map((c) => `${c.sha.slice(0, 7)} ${c.subject} (${c.paths.slice(0, 3).join(", ")}${c.paths.length > 3 ? ", …" : ""})`)
    .join("; ");
  return `${n} commit${n === 1 ? "" : "s"} since ${since} only change${n === 1 ? "s" : ""} handoff files and ${n === 1 ? "is" : "are"} not counted: ${listed}${n > 5 ? "; …" : ""}`;
}
