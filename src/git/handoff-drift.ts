/**
 * Drift of a handoff against the live repository, read-only: where the writer left the repository
 * (hatch3r `git_ref: branch@sha7` and `branch`; verified-delivery `branch`, `head_sha`,
 * `repository`) against where it is now.
 */
import { commitsSince, currentBranch, remoteUrls, resolveCommit, workTreeRoot, type CommitInfo } from "./queries.js";

/** What the document says. */
export interface RecordedRef {
  branch?: string;
  /** A commit id prefix (7–40 hex). */
  sha?: string;
  /** `owner/name` or a remote URL (verified-delivery). */
  repository?: string;
}

/** One drift finding. */
export type DriftFinding =
  | { kind: "branch"; recorded: string; current: string | undefined }
  | { kind: "commits-since"; sha: string; count: number; commits: CommitInfo[] }
  | { kind: "unknown-commit"; sha: string }
  | { kind: "remote"; recorded: string; remotes: string[] }
  | { kind: "no-repository"; message: string };

/** The recorded ref of a hatch3r or verified-delivery document, or undefined when it records none. */
export function recordedRef(profile: string, data: Record<string, unknown> | undefined): RecordedRef | undefined {
  if (!data) return undefined;
  if (profile === "hatch3r") {
    const gitRef = typeof data.git_ref === "string" ? data.git_ref : undefined;
    const match = gitRef ? /^([^@\s]+)@([0-9a-f]{7,40})$/.exec(gitRef) : null;
    const branch = typeof data.branch === "string" ? data.branch : match?.[1];
    return { branch, sha: match?.[2] };
  }
  if (profile === "verified-delivery") {
    return {
      branch: typeof data.branch === "string" ? data.branch : undefined,
      sha: typeof data.head_sha === "string" && /^[0-9a-f]{7,40}$/.test(data.head_sha) ? data.head_sha : undefined,
      repository: typeof data.repository === "string" ? data.repository : undefined,
    };
  }
  return undefined;
}

/** Normalises a remote URL or `owner/name` to `host-less owner/name` for comparison. */
function repoKey(value: string): string {
  return value
    .trim()
    .replace(/\.git$/, "")
    .replace(/^[a-z+]+:\/\/[^/]+\//i, "")
    .replace(/^[^@\s]+@[^:\s]+:/, "")
    .toLowerCase();
}

/**
 * Compares `ref` with the repository containing `dir`.
 * @returns findings; empty when the repository is where the document says.
 */
export async function handoffDrift(dir: string, ref: RecordedRef): Promise<DriftFinding[]> {
  let root: string;
  try {
    root = await workTreeRoot(dir);
  } catch {
    return [{ kind: "no-repository", message: `${dir} is not inside a git work tree; drift not checked` }];
  }
  const findings: DriftFinding[] = [];
  const branch = await currentBranch(root);
  if (ref.branch && ref.branch !== branch) findings.push({ kind: "branch", recorded: ref.branch, current: branch });
  if (ref.sha) {
    const full = await resolveCommit(root, ref.sha);
    if (!full) findings.push({ kind: "unknown-commit", sha: ref.sha });
    else if (!ref.branch || ref.branch === branch) {
      const commits = await commitsSince(root, full);
      if (commits.length > 0) findings.push({ kind: "commits-since", sha: ref.sha, count: commits.length, commits });
    }
  }
  if (ref.repository) {
    const remotes = [...(await remoteUrls(root)).values()];
    if (remotes.length > 0 && !remotes.some((url) => repoKey(url).endsWith(repoKey(ref.repository as string)))) {
      findings.push({ kind: "remote", recorded: ref.repository, remotes });
    }
  }
  return findings;
}

/** One line per finding, as `resume` and `verify --git` print them. */
export function describeDrift(finding: DriftFinding): string {
  switch (finding.kind) {
    case "branch":
      return `branch differs: the handoff was written on '${finding.recorded}', the repository is on '${finding.current ?? "(detached)"}'`;
    case "commits-since":
      return `${finding.count} commit${finding.count === 1 ? "" : "s"} since ${finding.sha}: ${finding.commits
        .slice(0, 10)
        .map((c) => `${c.sha.slice(0, 7)} ${c.subject}`)
        .join("; ")}${finding.count > 10 ? "; …" : ""}`;
    case "unknown-commit":
      return `recorded commit ${finding.sha} is not in this repository's history`;
    case "remote":
      return `repository differs: the handoff names '${finding.recorded}', the remotes are ${finding.remotes.join(", ")} (stale)`;
    case "no-repository":
      return finding.message;
  }
}
