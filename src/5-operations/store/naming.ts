/**
 * File names and ids per profile, and the guard that keeps names inside the store.
 *
 * - hatch3r id: `YYYY-MM-DD_THHMM_<5 hex>_<kebab-slug>` (UTC, slug 1–60), file `<id>.md`;
 * - contract: `HANDOFF-<project>-<UTC yyyymmddTHHMMZ>.md`, collisions `-2`, `-3`, never an overwrite;
 * - others: `<UTC yyyy-mm-ddTHHMMZ>-<slug>.md`.
 * Source: the public repos 0mandrock1/handoff-skills and hatch3r/hatch3r (v2.x).
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { safeRealpath } from "../../0-platform/fs/real-path.js";

/** A kebab-case slug of at most 60 characters (`lint pipeline!` → `lint-pipeline`). */
export function slugify(text: string): string {
  const collapsed = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
  const slug = trimDashes(trimDashes(collapsed).slice(0, 60));
  return slug || "handoff";
}

/** `s` without leading and trailing `-` (a loop, not `/-+$/`: that regex is quadratic on dashes). */
function trimDashes(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s[start] === "-") start++;
  while (end > start && s[end - 1] === "-") end--;
  return s.slice(start, end);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** `2026-11-29_T2147_a1b2c_slug` for `now` (UTC). `hex5` is random unless given. */
export function hatch3rId(now: Date, slug: string, hex5: string = randomBytes(3).toString("hex").slice(0, 5)): string {
  return `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())}_T${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}_${hex5}_${slugify(slug)}`;
}

/** hatch3r's id shape: `YYYY-MM-DD_THHMM_<5 hex>_<kebab-slug>` (slug 1–60). */
export const HATCH3R_ID_RE = /^\d{4}-\d{2}-\d{2}_T\d{4}_[0-9a-f]{5}_[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;

/** `20261129T2147Z` for `now` (UTC). */
export function contractStamp(now: Date): string {
  return `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}T${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}Z`;
}

/** File name for a new handoff of `profile`, before collision suffixes. */
export function fileNameFor(profile: string, now: Date, slug: string, project: string, id?: string): string {
  if (profile === "hatch3r") return `${id ?? hatch3rId(now, slug)}.md`;
  if (profile === "contract") return `HANDOFF-${slugify(project)}-${contractStamp(now)}.md`;
  if (profile === "verified-delivery") return "handoff.json";
  return `${contractStamp(now).slice(0, 8)}T${contractStamp(now).slice(9)}-${slugify(slug)}.md`;
}

/** `name.md`, `name-2.md`, `name-3.md`, … (the contract's collision rule). */
export function withCollisionSuffix(fileName: string, attempt: number): string {
  if (attempt <= 1) return fileName;
  const ext = path.extname(fileName);
  return `${fileName.slice(0, fileName.length - ext.length)}-${attempt}${ext}`;
}

/** A name given on the command line resolved outside the store. */
export class StoreEscapeError extends Error {
  override name = "StoreEscapeError";
}

/**
 * Resolves a user-supplied id or file name inside `root`.
 * @throws StoreEscapeError for absolute paths, `..` segments, NUL bytes, or a symlink whose target
 * leaves the store.
 */
export function resolveInside(root: string, name: string): string {
  if (name.includes("\0")) throw new StoreEscapeError("a handoff id may not contain a NUL byte");
  if (path.isAbsolute(name) || /^[a-z]:[\\/]/i.test(name)) throw new StoreEscapeError(`'${name}' is an absolute path; give an id or a name inside the store`);
  if (name.split(/[\\/]/).includes("..")) throw new StoreEscapeError(`'${name}' leaves the store ('..' is not allowed)`);
  const candidate = path.resolve(root, name);
  const rootReal = safeRealpath(root);
  const real = safeRealpath(candidate);
  if (real !== rootReal && !real.startsWith(rootReal + path.sep)) {
    throw new StoreEscapeError(`'${name}' resolves outside the store (symbolic link)`);
  }
  return candidate;
}
