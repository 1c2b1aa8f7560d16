/**
 * `resolve`: where handoffs live for a project, following each format's own lookup.
 *
 * - hatch3r: `.hatch3r/handoffs/{active,archived}/` (older releases: `.agents/handoffs/`);
 * - contract: `$HANDOFF_DIR`, then `handoff.dir` in `.claude/handoff.json`, then an existing
 *   `handoffs/` or `.handoffs/`, then `<workspace>/.handoffs/`;
 * - verified-delivery: the single record `.verified-delivery/handoff.json`;
 * - `--dir` overrides everything.
 * Source: the public repos 0mandrock1/handoff-skills, hatch3r/hatch3r and
 * magnus919/agent-skills.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { isInsideReal, safeRealpath } from "../../0-platform/fs/real-path.js";
import { StoreEscapeError } from "./naming.js";

/** Where a store is and how it was found. */
export interface StoreLocation {
  /** Absolute directory holding handoff files. */
  root: string;
  /** Layout: hatch3r keeps `active/` and `archived/` below the root. */
  layout: "flat" | "hatch3r" | "verified-delivery";
  /** Profile whose lookup found it, or `generic` for `--dir` and the default. */
  profile: string;
  /** What found it: `--dir`, `$HANDOFF_DIR`, `.claude/handoff.json`, an existing folder, or `default`. */
  reason: string;
  /** The directory already exists. */
  exists: boolean;
}

/** Options of {@link resolveStore}. */
export interface ResolveOptions {
  /** The workspace (repository) root. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** `--dir`. */
  dir?: string;
  /** Restrict the lookup to one profile's rules. */
  profile?: string;
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function claudeConfigDir(cwd: string): string | undefined {
  const file = path.join(cwd, ".claude", "handoff.json");
  if (!existsSync(file)) return undefined;
  try {
    const data = JSON.parse(readFileSync(file, "utf8")) as { handoff?: { dir?: unknown } };
    return typeof data.handoff?.dir === "string" ? data.handoff.dir : undefined;
  } catch {
    return undefined;
  }
}

/** What the user names themselves (a flag, their environment): a store there may lie anywhere. */
const EXPLICIT_REASONS = new Set(["--dir", "$HANDOFF_DIR"]);

/**
 * Finds the store for `cwd`. Never creates anything. A store found through the project's own files
 * (a setting in `.claude/handoff.json`, a folder that is a symbolic link) must stay inside the
 * project once symbolic links are followed: a cloned repository must not move reads and writes
 * elsewhere. Only `--dir` and `$HANDOFF_DIR`, which the user sets, may point outside.
 * @returns the first location that applies; the contract's default `<cwd>/.handoffs/` otherwise.
 * @throws StoreEscapeError when a store found through the project's files resolves outside it.
 */
export function resolveStore(options: ResolveOptions): StoreLocation {
  const { cwd, env, profile } = options;
  const loc = (root: string, layout: StoreLocation["layout"], p: string, reason: string): StoreLocation => {
    const absolute = path.resolve(cwd, root);
    if (!EXPLICIT_REASONS.has(reason) && !isInsideReal(cwd, absolute)) {
      throw new StoreEscapeError(
        `the handoff store ${root} (${reason}) resolves outside the project, to ${safeRealpath(absolute)}; ` +
          "a project's own files may not move the store elsewhere: name it with --dir or $HANDOFF_DIR to use it",
      );
    }
    return { root: absolute, layout, profile: p, reason, exists: isDir(absolute) };
  };
  if (options.dir) return loc(options.dir, isDir(path.join(path.resolve(cwd, options.dir), "active")) ? "hatch3r" : "flat", profile ?? "generic", "--dir");
  const want = (p: string) => profile === undefined || profile === p;
  if (want("hatch3r")) {
    if (isDir(path.join(cwd, ".hatch3r", "handoffs"))) return loc(".hatch3r/handoffs", "hatch3r", "hatch3r", "existing .hatch3r/handoffs/");
    if (isDir(path.join(cwd, ".agents", "handoffs"))) return loc(".agents/handoffs", "hatch3r", "hatch3r", "existing .agents/handoffs/ (older hatch3r)");
    if (profile === "hatch3r") return loc(".hatch3r/handoffs", "hatch3r", "hatch3r", "default");
  }
  if (want("verified-delivery")) {
    if (existsSync(path.join(cwd, ".verified-delivery", "handoff.json")) || profile === "verified-delivery") {
      return loc(".verified-delivery", "verified-delivery", "verified-delivery", "existing .verified-delivery/handoff.json");
    }
  }
  const contractProfile = profile ?? "contract";
  if (env.HANDOFF_DIR) return loc(env.HANDOFF_DIR, "flat", contractProfile, "$HANDOFF_DIR");
  const configured = claudeConfigDir(cwd);
  if (configured) return loc(configured, "flat", contractProfile, ".claude/handoff.json handoff.dir");
  if (isDir(path.join(cwd, "handoffs"))) return loc("handoffs", "flat", contractProfile, "existing handoffs/");
  if (isDir(path.join(cwd, ".handoffs"))) return loc(".handoffs", "flat", contractProfile, "existing .handoffs/");
  return loc(".handoffs", "flat", contractProfile, "default");
}

/**
 * True when files written under `dir` would not outlive this process's session: `HANDOFF_EPHEMERAL=1`,
 * or the directory sits on a tmpfs mounted under `/tmp` (read from /proc/mounts where it exists).
 * `HANDOFF_EPHEMERAL=0` declares the storage durable.
 */
export function isEphemeral(dir: string, env: NodeJS.ProcessEnv): boolean {
  if (env.HANDOFF_EPHEMERAL === "1") return true;
  if (env.HANDOFF_EPHEMERAL === "0") return false;
  let mounts: string;
  try {
    mounts = readFileSync("/proc/mounts", "utf8");
  } catch {
    return false;
  }
  const abs = path.resolve(dir);
  let best: { point: string; type: string } | undefined;
  for (const line of mounts.split("\n")) {
    const [, point, type] = line.split(" ");
    if (!point || !type) continue;
    const decoded = point.replace(/\\040/g, " ");
    if ((abs === decoded || abs.startsWith(decoded.endsWith("/") ? decoded : `${decoded}/`)) && (!best || decoded.length > best.point.length)) {
      best = { point: decoded, type };
    }
  }
  return Boolean(best && best.type === "tmpfs" && (best.point === "/tmp" || best.point.startsWith("/tmp/")));
}

/**
 * What `lint`, `stats` and `lint --fix` check when given no paths: every store that exists for the
 * project ({@link existingStores} from {@link storeBase}), else the working directory.
 * @returns inputs relative to `cwd` (`../handoffs` from a subdirectory), so reports show them so.
 */
export function defaultInputs(cwd: string, env: NodeJS.ProcessEnv): string[] {
  const stores = existingStores({ cwd: storeBase(cwd, env), env });
  if (stores.length === 0) return ["."];
  return stores.map((store) => {
    const relative = path.relative(cwd, store.root);
    return relative === "" ? "." : path.isAbsolute(relative) ? store.root : relative.split(path.sep).join("/");
  });
}

/**
 * The directory a project's stores are found from, for a command run in `cwd`: `cwd` or the
 * nearest parent, up to the repository's top level, where a store exists (as config files are
 * found upward), so that a command in a subdirectory sees the stores at the top; when none exists,
 * the top level (new stores are made there), or `cwd` outside a repository.
 */
export function storeBase(cwd: string, env: NodeJS.ProcessEnv): string {
  const start = path.resolve(cwd);
  let top: string | undefined;
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existingStores({ cwd: dir, env }).length > 0) return dir;
    if (existsSync(path.join(dir, ".git"))) {
      top = dir;
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  return top ?? start;
}

/**
 * Every store that exists for `cwd`, each found by its own format's lookup ({@link resolveStore}
 * with that profile), in the order hatch3r, verified-delivery, contract; without duplicates.
 * With `dir` (`--dir`) or `profile`, only the store they name (existing or not).
 */
export function existingStores(options: ResolveOptions): StoreLocation[] {
  if (options.dir || options.profile) return [resolveStore(options)];
  const found: StoreLocation[] = [];
  for (const profile of ["hatch3r", "verified-delivery", "contract"]) {
    const location = resolveStore({ ...options, profile });
    const exists = profile === "verified-delivery" ? existsSync(path.join(location.root, "handoff.json")) : location.exists;
    if (exists && !found.some((f) => f.root === location.root)) found.push(location);
  }
  return found;
}
