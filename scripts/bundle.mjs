#!/usr/bin/env node
/**
 * `npm run build` step 2: bundles the compiled CLI (dist/src, from tsc) with esbuild into
 * dist/bundle/ — `main.js` (the `handoff` bin) and `lint-worker.js` (the worker threads' entry),
 * sharing chunks. One file instead of ~400 modules halves a one-file run's start-up (the pre-commit
 * case). Dependencies stay installed: a few are still loaded at run time through `createRequire`.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "dist/bundle");
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(root, "dist/src/cli/main.js"),
    "lint-worker": path.join(root, "dist/src/parallel/lint-worker.js"),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // ESM builds first: jsonc-parser's UMD build requires its own files at run time.
  mainFields: ["module", "main"],
  // Bundled CommonJS dependencies call require() for Node built-ins and read __filename /
  // __dirname (write-file-atomic names its temp files from __filename): give them this chunk's.
  banner: {
    js: [
      'import { createRequire as __handoffCreateRequire } from "node:module";',
      'import { fileURLToPath as __handoffFileURLToPath } from "node:url";',
      "const require = __handoffCreateRequire(import.meta.url);",
      "const __handoffFilename = __handoffFileURLToPath(import.meta.url);",
      'const __handoffDirname = __handoffFilename.slice(0, __handoffFilename.lastIndexOf("/"));',
    ].join(" "),
  },
  define: { __filename: "__handoffFilename", __dirname: "__handoffDirname" },
  logLevel: "warning",
});
