/**
 * The plumbing under the git store: objects and one ref, never the index, the work tree or a
 * branch. A tree is read with `ls-tree -r -z` and `cat-file --batch`, written bottom-up with
 * `mktree -z` (one call per directory), committed with `commit-tree`, and a ref moves only by
 * `update-ref REF NEW OLD`, git's compare-and-swap: it fails unless the ref still points at OLD.
 * Source: git's plumbing manual pages (git-mktree, git-commit-tree, git-update-ref).
 */
import { GitError, runGit } from "../../0-platform/git/run.js";

/** The object id git writes for "no such ref" in `update-ref`'s OLD argument. */
export const ZERO_OID = "0".repeat(40);

/**
 * One entry of a tree below its directories, by `/`-separated path: a file (`100644`, `100755`), a
 * symbolic link (`120000`) or a submodule (`160000`, type `commit`).
 */
export interface TreeFile {
  mode: string;
  /** `blob`, or `commit` for a submodule. */
  type: string;
  oid: string;
}

/** A tree's entries by path, every one kept (a tree written from it has them all). */
export type TreeFiles = Map<string, TreeFile>;

/**
 * True for an entry a checkout may write as a file: a regular file whose path has no `..`, `.` or
 * empty segment (git refuses to check such paths out; here they would leave the store).
 */
export function isCheckoutFile(file: string, entry: TreeFile): boolean {
  return (
    entry.type === "blob" &&
    (entry.mode === "100644" || entry.mode === "100755") &&
    !file.split("/").some((segment) => segment === "" || segment === "." || segment === "..")
  );
}

/** The commit `ref` points at, or undefined when there is no such ref. */
export async function refTip(gitDir: string, ref: string): Promise<string | undefined> {
  const out = await runGit(["rev-parse", "--verify", "-q", `${ref}^{commit}`], gitDir, [0, 1]);
  return out.exitCode === 0 ? out.stdout.toString("utf8").trim() : undefined;
}

/** Refs under `prefix` (`refs/handoffs/`) and their commits. */
export async function refsUnder(gitDir: string, prefix: string): Promise<Map<string, string>> {
  const out = await runGit(["for-each-ref", "--format=%(objectname) %(refname)", prefix], gitDir);
  const refs = new Map<string, string>();
  for (const line of out.stdout.toString("utf8").split("\n")) {
    const space = line.indexOf(" ");
    if (space > 0) refs.set(line.slice(space + 1), line.slice(0, space));
  }
  return refs;
}

/** Every entry of `commit`'s tree below its directories (empty for undefined). */
export async function treeFiles(gitDir: string, commit: string | undefined): Promise<TreeFiles> {
  const files: TreeFiles = new Map();
  if (commit === undefined) return files;
  const out = await runGit(["ls-tree", "-r", "-z", "--full-tree", commit], gitDir);
  for (const record of out.stdout.toString("utf8").split("\0")) {
    const tab = record.indexOf("\t");
    if (tab < 0) continue;
    const [mode, type, oid] = record.slice(0, tab).split(" ");
    if (mode === undefined || type === undefined || oid === undefined) continue;
    files.set(record.slice(tab + 1), { mode, type, oid });
  }
  return files;
}

/** The bytes of each blob in `oids` (one `cat-file --batch` run), by id. */
export async function readBlobs(gitDir: string, oids: readonly string[]): Promise<Map<string, Buffer>> {
  const blobs = new Map<string, Buffer>();
  const unique = [...new Set(oids)];
  if (unique.length === 0) return blobs;
  const out = (await runGit(["cat-file", "--batch"], gitDir, [0], { input: `${unique.join("\n")}\n` })).stdout;
  let at = 0;
  for (const oid of unique) {
    const eol = out.indexOf(0x0a, at);
    const header = out.subarray(at, eol).toString("utf8").split(" ");
    if (header[1] !== "blob") throw new GitError(["cat-file", "--batch"], 0, `${oid} is not a blob (${header.join(" ")})`);
    const size = Number(header[2]);
    blobs.set(oid, Buffer.from(out.subarray(eol + 1, eol + 1 + size)));
    at = eol + 1 + size + 1;
  }
  return blobs;
}

/**
 * Writes `bytes` as a blob and reads it back.
 * @returns the blob id.
 * @throws GitError when the object read back differs from `bytes` (nothing refers to it then).
 */
export async function writeBlob(gitDir: string, bytes: Uint8Array): Promise<string> {
  const oid = (await runGit(["hash-object", "-w", "--stdin"], gitDir, [0], { input: bytes })).stdout.toString("utf8").trim();
  const back = (await readBlobs(gitDir, [oid])).get(oid);
  if (!back || Buffer.compare(back, Buffer.from(bytes)) !== 0) throw new GitError(["hash-object"], 0, `blob ${oid} read back differs from the bytes written`);
  return oid;
}

/**
 * Writes each file of `files` (absolute paths and the bytes read from them) as a blob, in one
 * `hash-object -w --no-filters --stdin-paths` run, and reads them all back in one `cat-file --batch`.
 * A path with a line break goes through {@link writeBlob} on its own.
 * @returns the blob ids, in the order of `files`.
 * @throws GitError when a blob read back differs from the bytes given (nothing refers to it then).
 */
export async function writeBlobs(gitDir: string, files: ReadonlyArray<{ path: string; bytes: Uint8Array }>): Promise<string[]> {
  const plain = files.filter((f) => !/[\r\n]/.test(f.path));
  const out =
    plain.length === 0
      ? ""
      : (
          await runGit(["hash-object", "-w", "--no-filters", "--stdin-paths"], gitDir, [0], { input: plain.map((f) => `${f.path}\n`).join("") })
        ).stdout.toString("utf8");
  const hashed = new Map(plain.map((f, i) => [f, out.split("\n")[i] ?? ""]));
  const back = await readBlobs(gitDir, [...hashed.values()]);
  const oids: string[] = [];
  for (const file of files) {
    const oid = hashed.get(file);
    if (oid === undefined) {
      oids.push(await writeBlob(gitDir, file.bytes));
      continue;
    }
    const blob = back.get(oid);
    if (!blob || Buffer.compare(blob, Buffer.from(file.bytes)) !== 0)
      throw new GitError(["hash-object"], 0, `blob ${oid} of ${file.path} read back differs from the bytes read`);
    oids.push(oid);
  }
  return oids;
}

/** Writes the tree holding `files` (nested directories from `/` in paths), bottom-up with `mktree`. @returns the tree id. */
export async function writeTree(gitDir: string, files: TreeFiles): Promise<string> {
  const dirs = new Map<string, Map<string, string>>([["", new Map()]]);
  const dirOf = (dir: string): Map<string, string> => {
    let entries = dirs.get(dir);
    if (!entries) {
      entries = new Map();
      dirs.set(dir, entries);
      const slash = dir.lastIndexOf("/");
      dirOf(slash < 0 ? "" : dir.slice(0, slash));
    }
    return entries;
  };
  for (const [file, { mode, type, oid }] of files) {
    const slash = file.lastIndexOf("/");
    dirOf(slash < 0 ? "" : file.slice(0, slash)).set(file.slice(slash + 1), `${mode} ${type} ${oid}`);
  }
  // Deepest directories first, so a parent's entry can name its children's trees.
  const order = [...dirs.keys()].sort((a, b) => b.split("/").length - a.split("/").length || (a < b ? 1 : -1));
  let root = "";
  for (const dir of order) {
    const entries = dirs.get(dir) as Map<string, string>;
    const input = [...entries].map(([name, entry]) => `${entry}\t${name}\0`).join("");
    const tree = (await runGit(["mktree", "-z"], gitDir, [0], { input })).stdout.toString("utf8").trim();
    if (dir === "") root = tree;
    else {
      const slash = dir.lastIndexOf("/");
      dirOf(slash < 0 ? "" : dir.slice(0, slash)).set(dir.slice(slash + 1), `040000 tree ${tree}`);
    }
  }
  return root;
}

/** The identity used when the repository configures none: commits must have one. */
const FALLBACK_IDENTITY = {
  GIT_AUTHOR_NAME: "handoffkit",
  GIT_AUTHOR_EMAIL: "handoffkit@localhost",
  GIT_COMMITTER_NAME: "handoffkit",
  GIT_COMMITTER_EMAIL: "handoffkit@localhost",
};

/** The configured identity when there is one (`git var GIT_COMMITTER_IDENT` succeeds), else {@link FALLBACK_IDENTITY}. */
async function identity(gitDir: string): Promise<Record<string, string>> {
  const out = await runGit(["var", "GIT_COMMITTER_IDENT"], gitDir, [0, 128]).catch(() => undefined);
  return out?.exitCode === 0 ? {} : FALLBACK_IDENTITY;
}

/** Commits `tree` with `parents` and `message`. @returns the commit id. */
export async function commitTree(gitDir: string, tree: string, parents: readonly string[], message: string): Promise<string> {
  const args = ["commit-tree", tree, ...parents.flatMap((p) => ["-p", p])];
  const out = await runGit(args, gitDir, [0], { input: `${message}\n`, env: await identity(gitDir) });
  return out.stdout.toString("utf8").trim();
}

/**
 * Moves `ref` from `old` (undefined: the ref must not exist) to `next`, atomically.
 * @returns false when the ref no longer points at `old` (another writer moved it): nothing changed.
 */
export async function compareAndSwapRef(gitDir: string, ref: string, next: string, old: string | undefined, message: string): Promise<boolean> {
  // The reflog message is an argument: one line, bounded (a command line has a size limit).
  const out = await runGit(["update-ref", "-m", (message.split("\n")[0] ?? "").slice(0, 200), ref, next, old ?? ZERO_OID], gitDir, [0, 1, 128]);
  if (out.exitCode === 0) return true;
  // A lost race (the ref moved, or another update holds its lock) is an answer; anything else is not.
  const now = await refTip(gitDir, ref);
  if (now !== old || /cannot lock ref|unable to create .*\.lock/i.test(out.stderr)) return false;
  throw new GitError(["update-ref", ref], out.exitCode, out.stderr.trim().split("\n")[0] ?? "");
}

/** The git directory shared by every worktree of the repository containing `cwd`. @throws GitError outside a repository. */
export async function commonGitDir(cwd: string): Promise<string> {
  const out = await runGit(["rev-parse", "--path-format=absolute", "--git-common-dir"], cwd);
  return out.stdout.toString("utf8").replace(/\n$/, "");
}
