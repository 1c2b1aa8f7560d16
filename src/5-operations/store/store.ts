/**
 * The handoff store: the contract's five operations over a directory backend.
 * `resolve` (./resolve.ts) finds the root; `write` creates a new handoff atomically, never
 * overwriting, and reads it back; `list`/`latest`/`read` find handoffs; `format` renders one for a
 * reader (the resume pipeline, src/resume/). The git backend (./git-store.ts) runs the same
 * operations over a checkout of its ref, through this class.
 */
import { link, mkdir, readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { isHandoffInDirectory } from "../../1-load/handoff-files.js";
import { AtomicWriteError, createExclusive } from "../../0-platform/fs/atomic-write.js";
import { resolveInside, StoreEscapeError, withCollisionSuffix } from "./naming.js";
import { isEphemeral, type StoreLocation } from "./resolve.js";

/** A handoff file in the store. */
export interface StoredHandoff {
  /** Absolute path. */
  path: string;
  /** File name without extension (the hatch3r id for hatch3r stores). */
  id: string;
  /** In `archived/` (hatch3r layout). */
  archived: boolean;
  /** Modification time, ms since the epoch (a last resort for ordering). */
  mtimeMs: number;
}

/** Outcome of `write`. */
export type WriteOutcome =
  | { status: "saved"; path: string }
  /** Storage does not outlive the session: the document is returned, not saved (contract rule). */
  | { status: "storage_unresolved"; reason: string; text: string };

/** The extension a handoff id leaves out. */
const EXTENSION_RE = /\.[^./\\]+$/;

/** A directory-backed store. */
export class DirectoryStore {
  constructor(
    readonly location: StoreLocation,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Directory new handoffs go to (hatch3r: `active/`). */
  get writeDir(): string {
    return this.location.layout === "hatch3r" ? path.join(this.location.root, "active") : this.location.root;
  }

  /**
   * Every handoff file; archived ones only with `includeArchived`. Unreadable directories give
   * none, and a symbolic link whose target leaves the store is never listed.
   */
  async list(includeArchived = false): Promise<StoredHandoff[]> {
    return (await this.entries(includeArchived)).filter((entry) => !entry.escapes);
  }

  private async entries(includeArchived: boolean): Promise<Array<StoredHandoff & { escapes: boolean }>> {
    // The hatch3r layout lists the root's own files too: a git store's checkout holds handoffs of
    // every profile side by side, and one hatch3r handoff (in active/) must not hide the others.
    const dirs: Array<{ dir: string; archived: boolean }> =
      this.location.layout === "hatch3r"
        ? [
            { dir: this.location.root, archived: false },
            { dir: path.join(this.location.root, "active"), archived: false },
            ...(includeArchived ? [{ dir: path.join(this.location.root, "archived"), archived: true }] : []),
          ]
        : [{ dir: this.location.root, archived: false }];
    const out: Array<StoredHandoff & { escapes: boolean }> = [];
    for (const { dir, archived } of dirs) {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        continue;
      }
      for (const name of names.sort()) {
        if (!isHandoffInDirectory(name) || name.startsWith(".")) continue;
        const file = path.join(dir, name);
        try {
          const info = await stat(file);
          if (!info.isFile()) continue;
          let escapes = false;
          try {
            resolveInside(this.location.root, path.relative(this.location.root, file));
          } catch {
            escapes = true;
          }
          out.push({ path: file, id: name.replace(EXTENSION_RE, ""), archived, mtimeMs: info.mtimeMs, escapes });
        } catch {
          // vanished or unreadable: skip it here, lint reports it when named
        }
      }
    }
    return out;
  }

  /**
   * Finds a handoff by id, file name, or path relative to the store.
   * @throws StoreEscapeError when the name leaves the store; Error when nothing matches.
   */
  async read(name: string): Promise<StoredHandoff> {
    const all = await this.entries(true);
    const byId = all.find((h) => h.id === name || path.basename(h.path) === name);
    if (byId?.escapes) throw new StoreEscapeError(`'${name}' resolves outside the store (symbolic link)`);
    if (byId) return { path: byId.path, id: byId.id, archived: byId.archived, mtimeMs: byId.mtimeMs };
    const candidate = resolveInside(this.location.root, name);
    const info = await stat(candidate).catch(() => undefined);
    if (!info?.isFile()) throw new Error(`no handoff '${name}' in ${this.location.root}`);
    return { path: candidate, id: path.basename(candidate).replace(EXTENSION_RE, ""), archived: false, mtimeMs: info.mtimeMs };
  }

  /**
   * Moves an active handoff to `archived/` (hatch3r layout; a no-op elsewhere): hard link to the
   * new name (which fails rather than overwrite), then remove the old name, so the file exists
   * under one name or both at every moment, never under none.
   * @returns the new path.
   */
  async archive(handoff: StoredHandoff): Promise<string> {
    if (this.location.layout !== "hatch3r" || handoff.archived) return handoff.path;
    const dir = path.join(this.location.root, "archived");
    await mkdir(dir, { recursive: true });
    const target = resolveInside(this.location.root, path.join("archived", path.basename(handoff.path)));
    try {
      await link(handoff.path, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new AtomicWriteError("exists", target, `${target} already exists`, { cause: error });
      throw error;
    }
    await unlink(handoff.path);
    return target;
  }

  /**
   * Writes a new handoff named `fileName` (a `-2`, `-3`, … suffix on collision), atomically, never
   * overwriting, read back and compared.
   * @throws AtomicWriteError `read-back-mismatch` when the read-back differs (never reported as saved).
   */
  async write(fileName: string, bytes: Uint8Array): Promise<WriteOutcome> {
    if (isEphemeral(this.writeDir, this.env)) {
      return {
        status: "storage_unresolved",
        reason: this.env.HANDOFF_EPHEMERAL === "1" ? "HANDOFF_EPHEMERAL=1" : `${this.writeDir} is on a tmpfs that does not outlive the session`,
        text: new TextDecoder().decode(bytes),
      };
    }
    await mkdir(this.writeDir, { recursive: true });
    for (let attempt = 1; attempt <= 100; attempt++) {
      const target = resolveInside(this.writeDir, withCollisionSuffix(fileName, attempt));
      try {
        await createExclusive(target, bytes);
        return { status: "saved", path: target };
      } catch (error) {
        if (error instanceof AtomicWriteError && error.failure === "exists") continue;
        throw error;
      }
    }
    throw new Error(`${fileName}: 100 files with this name already exist`);
  }
}
