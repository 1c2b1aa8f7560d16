/**
 * Runs the CommonJS bundle of the CLI (`dist/bundle/handoff.cjs`, scripts/bundle.mjs) through a V8
 * code cache, so a one-file run (the pre-commit case) neither parses the 3 MB bundle nor compiles
 * the functions it calls again: V8 serialises the compiled code after a run
 * (`vm.Script#createCachedData`, https://nodejs.org/api/vm.html#scriptcreatecacheddata) and a
 * later run deserialises it (`cachedData`). Node 22's `module.enableCompileCache` does the same for
 * modules; Node 20 has only the `vm` API, and only for scripts, hence a CommonJS bundle.
 *
 * - One cache file per command (`lint`, `seal`, …, `other`): a run fills it with the functions that
 *   command compiled, and a `--version` run never leaves `lint` with a cache of almost nothing.
 * - The file name carries the bundle's build hash, size and mtime, the Node version and the
 *   architecture; V8 itself refuses data from another V8 version or other flags
 *   (`cachedDataRejected`), and such a file is written again.
 * - The directory is `$HANDOFFKIT_COMPILE_CACHE`, else `<os.tmpdir()>/handoffkit-compile-cache-<uid>`;
 *   it is created with mode 0700 and used only when it is a real directory owned by this user and
 *   not writable by others (compiled code is run from it). `HANDOFFKIT_COMPILE_CACHE=off` turns the
 *   cache off. Every problem with the cache (unreadable, unwritable, rejected) falls back to a plain
 *   compile: the cache changes how fast a run starts, never what it does.
 * - Writes are atomic (a temporary file in the same directory, then `rename`), at process exit.
 * - The directory stays bounded: after a write, only the {@link KEPT_PER_COMMAND} newest files of
 *   that command are kept (older builds and Node versions go; a few stay, so that two installed
 *   versions used in turn do not evict each other), and temporary files left by a killed write are
 *   removed after a day.
 */
import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";
import { COMMAND_SPECS } from "../cli/commands.js";

/** Command names that get a cache file of their own (every command); any other first argument shares `other`. */
const CACHED_COMMANDS: ReadonlySet<string> = new Set(COMMAND_SPECS.map((spec) => spec.name));

/** How many cache files of one command a write leaves in the directory (the newest by mtime). */
export const KEPT_PER_COMMAND = 3;

/** Age (ms) after which a temporary file of a write that never finished is removed. */
const STALE_TEMPORARY_MS = 24 * 60 * 60 * 1000;

/** What {@link runBundle} needs besides the bundle itself. */
export interface BundleRun {
  /** Absolute path of the CommonJS bundle. */
  file: string;
  /** An identifier of the build (scripts/bundle.mjs puts the bundle's SHA-256 here). */
  buildHash: string;
  /** The CLI arguments (without `node` and the script): the first picks the cache file. */
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
}

/** How the code cache went, for tests: whether data was offered and whether V8 took it. */
export interface CacheOutcome {
  /** The cache file, or undefined when the cache is off or its directory is unusable. */
  cacheFile: string | undefined;
  /** Cached data was read and V8 accepted it. */
  used: boolean;
}

/**
 * The cache directory, created (mode 0700) when missing; undefined when the cache is off or the
 * directory is not a directory of this user's that only this user can write.
 */
export function compileCacheDirectory(env: NodeJS.ProcessEnv): string | undefined {
  const setting = env.HANDOFFKIT_COMPILE_CACHE;
  if (setting === "off" || setting === "0") return undefined;
  const uid = typeof process.getuid === "function" ? process.getuid() : undefined;
  const dir = setting ? path.resolve(setting) : path.join(os.tmpdir(), `handoffkit-compile-cache-${uid ?? "user"}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const info = lstatSync(dir);
    if (!info.isDirectory()) return undefined;
    if (uid !== undefined && info.uid !== uid) return undefined;
    if (process.platform !== "win32" && (info.mode & 0o022) !== 0) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

/** The cache file name of one build, Node and command. */
export function cacheFileName(run: Pick<BundleRun, "buildHash" | "argv">, size: number, mtimeMs: number): string {
  const first = run.argv[0] ?? "";
  const command = CACHED_COMMANDS.has(first) ? first : "other";
  const stamp = `${run.buildHash.slice(0, 16)}-${size}-${Math.trunc(mtimeMs)}`;
  return `${stamp}-node${process.versions.node}-${process.arch}-${command}.cache`;
}

/** The cached data in `file` when it is a regular file of this user's; undefined otherwise. */
function readCache(file: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, "r");
    const info = fstatSync(fd);
    const uid = typeof process.getuid === "function" ? process.getuid() : undefined;
    if (!info.isFile() || (uid !== undefined && info.uid !== uid)) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Removes from `dir` the cache files of `file`'s command beyond the {@link KEPT_PER_COMMAND}
 * newest, and temporary files older than a day; only regular files of this user's, only names this
 * module writes. Failures are ignored (another run may be pruning too).
 */
export function pruneCacheDirectory(dir: string, file: string, now: number = Date.now()): void {
  // `…-<arch>-<command>.cache` (cacheFileName): the suffix is `-<command>.cache`.
  const base = path.basename(file);
  const at = base.lastIndexOf(`-${process.arch}-`);
  if (at === -1 || !base.endsWith(".cache")) return;
  const suffix = base.slice(at + process.arch.length + 1);
  const uid = typeof process.getuid === "function" ? process.getuid() : undefined;
  const kept: { name: string; mtimeMs: number }[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const isCache = name.endsWith(suffix);
    const isTemporary = name.endsWith(".tmp") && name.includes(`${suffix}.`);
    if (!isCache && !isTemporary) continue;
    try {
      const info = lstatSync(path.join(dir, name));
      if (!info.isFile() || (uid !== undefined && info.uid !== uid)) continue;
      if (isCache) kept.push({ name, mtimeMs: info.mtimeMs });
      else if (now - info.mtimeMs > STALE_TEMPORARY_MS) unlinkSync(path.join(dir, name));
    } catch {
      // gone meanwhile
    }
  }
  kept.sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const { name } of kept.slice(KEPT_PER_COMMAND)) {
    if (name === path.basename(file)) continue;
    try {
      unlinkSync(path.join(dir, name));
    } catch {
      // gone meanwhile
    }
  }
}

/** Writes `data` to `file` atomically, then prunes the directory; any failure leaves no file behind and is ignored. */
function writeCache(file: string, data: Buffer): void {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(temporary, data, { mode: 0o600, flag: "wx" });
    renameSync(temporary, file);
    pruneCacheDirectory(path.dirname(file), file);
  } catch {
    try {
      unlinkSync(temporary);
    } catch {
      // never written
    }
  }
}

/**
 * Compiles and runs the CommonJS bundle `run.file` as Node would `require` it, with the code
 * cache described above. The bundle's own work (the CLI run) goes on asynchronously after this
 * returns.
 * @throws whatever the bundle throws while its top level runs (a syntax error in a broken build).
 */
export function runBundle(run: BundleRun): CacheOutcome {
  const source = readFileSync(run.file, "utf8");
  const dir = compileCacheDirectory(run.env);
  let cacheFile: string | undefined;
  if (dir) {
    try {
      const info = lstatSync(run.file);
      cacheFile = path.join(dir, cacheFileName(run, info.size, info.mtimeMs));
    } catch {
      cacheFile = undefined;
    }
  }
  const cachedData = cacheFile ? readCache(cacheFile) : undefined;
  const script = new vm.Script(Module.wrap(source), {
    filename: run.file,
    ...(cachedData ? { cachedData } : {}),
  });
  const used = cachedData !== undefined && !script.cachedDataRejected;
  if (cacheFile && !used) {
    const target = cacheFile;
    // At exit the functions this run called are compiled, and so cached too.
    process.once("exit", () => writeCache(target, script.createCachedData()));
  }
  const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dirname: string) => void;
  const bundleModule = new Module(run.file);
  bundleModule.filename = run.file;
  wrapper.call(bundleModule.exports, bundleModule.exports, createRequire(run.file), bundleModule, run.file, path.dirname(run.file));
  return { cacheFile, used };
}
