/**
 * The audit trail of a git store: every commit of `refs/handoffs/<name>` that changed one handoff,
 * newest first, read with `git log --name-status` limited to the handoff's paths (under hatch3r's
 * layout a handoff moves from `active/` to `archived/`, and a sync conflict keeps a copy beside it).
 */
import path from "node:path";
import { commonGitDir, refTip } from "../git/handoff-ref.js";
import { runGit } from "../../0-platform/git/run.js";
import { StoreEscapeError } from "./naming.js";

/** One commit that changed the handoff. */
export interface HandoffChange {
  commit: string;
  /** Committer date, strict ISO-8601 as git prints it (`%cI`). */
  date: string;
  author: string;
  subject: string;
  /** What the commit did to the handoff's paths: `A` added, `M` changed, `D` removed. */
  changes: Array<{ status: string; path: string }>;
}

/** No such store or handoff: the message says which. */
export class HandoffHistoryError extends Error {
  override name = "HandoffHistoryError";
}

const EXTENSION_RE = /\.[^./\\]+$/;

/**
 * True when tree path `file` is the handoff `name` names: its id, its file name, or its path, or a
 * copy `handoff sync` kept beside it in a conflict (`<id>.conflict-<blob>.<ext>`).
 */
function names(file: string, name: string): boolean {
  const base = path.posix.basename(file);
  const id = base.replace(EXTENSION_RE, "");
  return file === name || base === name || id === name || id.replace(/\.conflict-[0-9a-f]{12}$/, "") === name;
}

/**
 * The commits of `ref` that changed handoff `name`, newest first.
 * @throws StoreEscapeError for a name with `..`, an absolute path or a NUL byte; HandoffHistoryError when the ref
 * does not exist or no commit ever held such a handoff; GitError outside a repository.
 */
export async function handoffHistory(cwd: string, ref: string, name: string): Promise<{ paths: string[]; changes: HandoffChange[] }> {
  if (name.includes("\0") || path.isAbsolute(name) || name.split(/[\\/]/).includes(".."))
    throw new StoreEscapeError(`'${name}' is not a handoff id or a name inside the store`);
  const gitDir = await commonGitDir(cwd);
  if ((await refTip(gitDir, ref)) === undefined)
    throw new HandoffHistoryError(`there is no git store here: ${ref} does not exist (handoff new --store git writes one; handoff sync fetches one)`);
  const everPath = await runGit(["log", "--format=", "--name-only", "--no-renames", "--diff-merges=first-parent", ref, "--"], gitDir);
  const paths = [
    ...new Set(
      everPath.stdout
        .toString("utf8")
        .split("\n")
        .filter((file) => file !== "" && names(file, name)),
    ),
  ].sort();
  if (paths.length === 0) throw new HandoffHistoryError(`no handoff '${name}' in the history of ${ref}`);
  // Every side of a sync merge (--full-history), and what a merge brought in against its first parent.
  const out = await runGit(
    ["log", "--format=%x1e%H%x1f%cI%x1f%an%x1f%s", "--name-status", "--no-renames", "--full-history", "--diff-merges=first-parent", ref, "--", ...paths],
    gitDir,
  );
  const changes: HandoffChange[] = [];
  for (const record of out.stdout.toString("utf8").split("\x1e").slice(1)) {
    const [header = "", ...lines] = record.split("\n");
    const [commit = "", date = "", author = "", subject = ""] = header.split("\x1f");
    const touched = lines
      .filter((line) => line.includes("\t"))
      .map((line) => ({ status: line.slice(0, line.indexOf("\t")), path: line.slice(line.indexOf("\t") + 1) }));
    changes.push({ commit, date, author, subject, changes: touched });
  }
  return { paths, changes };
}
