#!/usr/bin/env node
/**
 * `npm run build` step 2: bundles the compiled CLI (dist/src, from tsc) with esbuild into
 * dist/bundle/:
 * - `handoff.cjs`: the whole CLI as one CommonJS script (entry src/6-front-ends/bin/bundle-entry.ts; commands
 *   other than the one run are bundled but not evaluated: esbuild turns their `import()` into lazy
 *   initialisers). One file instead of ~400 modules halves a one-file run's start-up (the
 *   pre-commit case), and a script, unlike an ES module on Node 20, can run from a V8 code cache.
 * - `main.js` (the `handoff` bin, src/6-front-ends/bin/bundle-main.ts): runs `handoff.cjs` through that code
 *   cache (src/6-front-ends/bin/compile-cache.ts); it is given the SHA-256 of `handoff.cjs` to name its cache.
 * - `lint-worker.js`: the worker threads' entry (an ES module, as src/3-check/pipeline/pool.ts starts it).
 * - `index.js` (the library, `handoffkit`) and `markdownlint.js` (`handoffkit/markdownlint`), ES modules.
 * Every bundle carries its dependencies: the package installs none, and runs without node_modules.
 */
import { createHash } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { makeAscii } from "./bundle-ascii.mjs";
import { bundlePlugins } from "./bundle-plugins.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "dist/bundle");
const compiled = (file) => path.join(root, "dist/src", file);
rmSync(outdir, { recursive: true, force: true });

const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  // ESM builds first: jsonc-parser's UMD build requires its own files at run time.
  mainFields: ["module", "main"],
  logLevel: "warning",
  plugins: bundlePlugins,
};

// The CLI as one CommonJS script. Modules that locate files next to themselves (the package root,
// the worker entry, markdownlint's schema) read `import.meta.url`: the bundle's own URL.
const cli = path.join(outdir, "handoff.cjs");
await build({
  ...common,
  entryPoints: [compiled("6-front-ends/bin/bundle-entry.js")],
  outfile: cli,
  format: "cjs",
  // `import()` of a Node built-in becomes `require`: a script run from the code cache has no
  // module loader behind its dynamic imports.
  supported: { "dynamic-import": false },
  define: { "import.meta.url": "__handoffImportMetaUrl" },
  banner: { js: 'const __handoffImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
});

/** What an ES module bundle needs for the CommonJS code inside it: `require`, `__filename`, `__dirname` of its own file. */
const esmBanner = {
  js: [
    'import { createRequire as __handoffCreateRequire } from "node:module";',
    'import { fileURLToPath as __handoffFileURLToPath } from "node:url";',
    "const require = __handoffCreateRequire(import.meta.url);",
    "const __handoffFilename = __handoffFileURLToPath(import.meta.url);",
    'const __handoffDirname = __handoffFilename.slice(0, __handoffFilename.lastIndexOf("/"));',
  ].join(" "),
};

// The ES modules, built together so they share their code (esbuild's chunks): the worker threads'
// entry, the library (`handoffkit`) and the markdownlint custom rules (`handoffkit/markdownlint`).
// Bundled CommonJS dependencies call require() for Node built-ins and read __filename / __dirname
// (write-file-atomic names its temp files from __filename): give them this file's.
const esm = await build({
  ...common,
  entryPoints: {
    "lint-worker": compiled("3-check/pipeline/lint-worker.js"),
    index: compiled("index.js"),
    markdownlint: compiled("6-front-ends/markdownlint/custom-rules.js"),
  },
  outdir,
  format: "esm",
  splitting: true,
  // Chunks beside the entries: modules that find files by their own URL (the worker entry) see the same folder.
  chunkNames: "[name]-[hash]",
  metafile: true,
  banner: esmBanner,
  define: { __filename: "__handoffFilename", __dirname: "__handoffDirname" },
});

// Pure ASCII, so V8 parses them as one-byte strings (scripts/bundle-ascii.mjs).
makeAscii(cli, "script");
for (const file of Object.keys(esm.metafile.outputs)) makeAscii(path.join(root, file), "module");

// The bin: Node built-ins only, so it starts at once.
const bundleHash = createHash("sha256").update(readFileSync(cli)).digest("hex");
await build({
  ...common,
  entryPoints: { main: compiled("6-front-ends/bin/bundle-main.js") },
  outdir,
  format: "esm",
  define: { __HANDOFFKIT_BUNDLE_HASH__: JSON.stringify(bundleHash) },
});
