#!/usr/bin/env node
/**
 * The build's stamp: a SHA-256 over every input of `npm run build` (the TypeScript sources under
 * src/ and rules/, the build scripts, tsconfig.json, package.json and package-lock.json), by path
 * and content. `node scripts/build-stamp.mjs write` (the build's last step) stores it as
 * dist/.build-stamp; `node scripts/build-stamp.mjs check` exits 0 when dist/ was built from the
 * inputs as they are now, 1 otherwise. The test tiers' global setup builds only on 1.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stampFile = path.join(root, "dist/.build-stamp");

/** Files under `dir` (relative to the root, `/`-separated), sorted; none when it does not exist. */
function filesUnder(dir) {
  let entries;
  try {
    entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .flatMap((entry) => {
      const relative = `${dir}/${entry.name}`;
      return entry.isDirectory() ? filesUnder(relative) : [relative];
    })
    .sort();
}

/** The stamp of the inputs as they are now: hex SHA-256. */
export function currentStamp() {
  const inputs = [
    ...filesUnder("src"),
    ...filesUnder("rules").filter((file) => file.endsWith(".ts")),
    ...filesUnder("scripts").filter((file) => /^scripts\/(?:bundle[^/]*|build-stamp)\.mjs$/.test(file)),
    "tsconfig.json",
    "package.json",
    "package-lock.json",
  ];
  const hash = createHash("sha256");
  for (const file of inputs) {
    let bytes;
    try {
      bytes = readFileSync(path.join(root, file));
    } catch {
      bytes = Buffer.from("(absent)");
    }
    hash.update(`${file}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest("hex");
}

/** Whether dist/ was built from the inputs as they are now. */
export function builtFromCurrentInputs() {
  try {
    return readFileSync(stampFile, "utf8").trim() === currentStamp();
  } catch {
    return false;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const mode = process.argv[2];
  if (mode === "write") writeFileSync(stampFile, `${currentStamp()}\n`);
  else if (mode === "check") process.exitCode = builtFromCurrentInputs() ? 0 : 1;
  else {
    process.stderr.write("usage: node scripts/build-stamp.mjs write|check\n");
    process.exitCode = 2;
  }
}
