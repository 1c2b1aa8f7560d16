/**
 * Drift between what a handoff recorded about git and the live repository, read-only:
 * - hatch3r: `git_ref` = `branch@sha7` (hatch3r resume: branch differs → warn; same branch, other
 *   commit → list the commits since);
 * - verified-delivery: `branch`, `head_sha` (40 hex) and `repository` (re-entry: remote differs →
 *   stale; a moved head invalidates head-bound evidence). A `file://` URL naming this checkout
 *   (what `new` writes when the repository has no remote) is the same repository.
 */
import { realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { HandoffDocument } from "../../2-parse/document/model.js";
import { readDeliveryRecord, stepName } from "../../2-parse/profiles/verified-delivery.js";
import { commitsSinceBy, describeSkipped, type CommitsSince } from "./commits-since.js";
import { currentBranch, headCommit, isAncestor, remoteUrls, resolveCommit } from "../../0-platform/git/queries.js";

/** What a document recorded about git. */
export interface GitReference {
  profile: "hatch3r" | "verified-delivery";
  branch: string | undefined;
  /** The recorded commit id (7 to 40 lowercase hex). */
  sha: string;
  /** verified-delivery's `repository`. */
  repository?: string;
  /** verified-delivery's completed steps, for head-bound evidence. */
  completedSteps?: unknown[];
}

/** The outcome of a drift check. */
export interface DocumentDrift {
  /** True when anything differs. */
  drift: boolean;
  /** Lines for the user, in order; continuation lines start with two spaces. */
  lines: string[];
  /** Lines that are not drift: the commits since that only change handoff files, left out. */
  notes: string[];
  /** The commits since the recorded one, when it is an ancestor of HEAD. */
  since?: CommitsSince;
}

/** Options of {@link documentDrift}. */
export interface DocumentDriftOptions {
  /**
   * Whether a path (relative to the work tree root, `/`-separated) is a handoff file: commits that
   * change nothing else are not drift. Default: no path is.
   */
  isStorePath?: (path: string) => boolean;
}

/**
 * What `document` recorded about git.
 * @returns undefined when it recorded nothing; a string explaining why the reference cannot be used
 * when it is malformed.
 */
export function gitReferenceOf(document: HandoffDocument): GitReference | string | undefined {
  const data = document.frontmatter?.data;
  if (data && typeof data.git_ref === "string") {
    const m = /^([^@\s]+)@([0-9a-f]{7,40})$/.exec(data.git_ref);
    if (!m) return `git_ref ${JSON.stringify(data.git_ref)} is not branch@sha7`;
    return { profile: "hatch3r", branch: m[1], sha: m[2] as string };
  }
  const record = readDeliveryRecord(document);
  if (record?.headSha !== undefined) {
    if (!/^[0-9a-f]{40}$/.test(record.headSha)) return `head_sha ${JSON.stringify(record.headSha)} is not a full 40-hex commit id`;
    return { profile: "verified-delivery", branch: record.branch, sha: record.headSha, repository: record.repository, completedSteps: record.completedSteps };
  }
  return undefined;
}

/** `owner/name` of a repository URL or name, lowercased: the part two remotes must share. */
export function repositorySlug(value: string): string {
  const trimmed = value
    .trim()
    .replace(/\/+$/, "")
    .replace(/\.git$/i, "");
  const parts = trimmed.split(/[/:]+/).filter((p) => p.length > 0);
  return parts.slice(-2).join("/").toLowerCase();
}

/**
 * True when `repository` is a `file://` URL naming the checkout at `root` itself: what `new` records
 * for a repository without a remote.
 */
function sameCheckout(repository: string, root: string): boolean {
  if (!/^file:\/\//i.test(repository)) return false;
  try {
    const real = (p: string) => {
      try {
        return realpathSync(p);
      } catch {
        return path.resolve(p);
      }
    };
    return real(fileURLToPath(repository)) === real(root);
  } catch {
    return false;
  }
}

/** Compares `reference` with the repository at `root`. */
export async function documentDrift(reference: GitReference, root: string, options: DocumentDriftOptions = {}): Promise<DocumentDrift> {
  const lines: string[] = [];
  const notes: string[] = [];
  let since: CommitsSince | undefined;
  let drift = false;
  const short = reference.sha.slice(0, 7);
  const branch = await currentBranch(root);
  if (reference.branch !== undefined && branch !== reference.branch) {
    lines.push(`branch differs: recorded ${reference.branch}, checked out ${branch ?? "(detached HEAD)"}`);
    drift = true;
  }
  const head = await headCommit(root);
  const recorded = await resolveCommit(root, reference.sha);
  let headMoved = false;
  if (!recorded) {
    lines.push(`recorded commit ${short} is not in this repository's history`);
    drift = true;
    headMoved = true;
  } else if (!head || head.sha !== recorded) {
    if (head && (await isAncestor(root, recorded, head.sha))) {
      since = await commitsSinceBy(root, recorded, options.isStorePath ?? (() => false));
      if (since.skipped.length > 0) notes.push(describeSkipped(since.skipped, short));
      const count = since.counted.length;
      if (count > 0) {
        headMoved = true;
        drift = true;
        const where = reference.branch !== undefined && branch === reference.branch ? "same branch, " : "";
        const more = since.truncated ? " or more" : "";
        lines.push(
          `${where}${count}${more} commit${count === 1 ? "" : "s"} since ${short} (git log --oneline ${short}..HEAD${since.skipped.length > 0 ? ", without the commits that only change handoff files" : ""}):`,
        );
        for (const commit of since.counted.slice(0, 20)) lines.push(`  ${commit.sha.slice(0, 7)} ${commit.subject}`);
        if (count > 20) lines.push(`  … and ${count - 20}${more} more`);
      }
    } else {
      headMoved = true;
      drift = true;
      lines.push(
        `recorded commit ${short} is not in the history of HEAD${head ? ` (${head.sha.slice(0, 7)})` : ""}: history was rewritten or another line of work is checked out`,
      );
    }
  }
  if (reference.profile === "verified-delivery") {
    if (reference.repository !== undefined) {
      const remotes = await remoteUrls(root);
      const wanted = repositorySlug(reference.repository);
      if (!sameCheckout(reference.repository, root) && ![...remotes.values()].some((url) => repositorySlug(url) === wanted)) {
        const list = remotes.size > 0 ? [...remotes].map(([name, url]) => `${name}=${url}`).join(", ") : "none";
        lines.push(`remote differs: the record names ${reference.repository}, this checkout's remotes are ${list}: the record is stale`);
        drift = true;
      }
    }
    if (headMoved) {
      const bound = (reference.completedSteps ?? []).filter((step) => evidenceNames(step, reference.sha));
      for (const step of bound) lines.push(`head moved: evidence of completed step '${stepName(step) ?? "?"}' names ${short} and no longer holds`);
      if (bound.length === 0 && (reference.completedSteps ?? []).length > 0)
        lines.push("head moved: no completed step's evidence names the recorded head; re-check any that depend on the tree");
    }
  }
  if (!drift) lines.push(`in step with ${reference.branch ?? "HEAD"}@${short}`);
  return { drift, lines, notes, ...(since ? { since } : {}) };
}

/** The step's evidence mentions the commit (its first 7 or more hex digits). */
function evidenceNames(step: unknown, sha: string): boolean {
  if (!step || typeof step !== "object") return false;
  const evidence = JSON.stringify((step as Record<string, unknown>).evidence ?? "").toLowerCase();
  return evidence.includes(sha.slice(0, 7).toLowerCase());
}
