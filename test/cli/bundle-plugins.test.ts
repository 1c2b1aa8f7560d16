/**
 * The bundle's esbuild plugins (scripts/bundle-plugins.mjs) change how dependencies are loaded,
 * never what they do: markdownlint's MD060 measures with string-width loaded on first use, and
 * directory discovery uses fdir's CommonJS build with the bundled picomatch, and a config file is
 * checked by ajv's standalone code with the messages of the schema compiled at run time.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/3-check/engine/config.js";
import { repoRoot } from "../helpers/locations.js";
import { runHandoff } from "../helpers/run-handoff.js";

const bundle = path.join(repoRoot, "dist/bundle/main.js");
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-bundle-plugins-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const LINT = ["lint", "--format", "json", "--now", "2026-03-01T12:00:00Z"];

/** The bundled bin's run. */
function lint(...args: string[]) {
  return spawnSync(process.execPath, [bundle, ...LINT, ...args], { cwd: dir, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
}

/** The same run of the sources, in this process. */
function reference(...args: string[]) {
  return runHandoff(dir, ...LINT, ...args);
}

/** What `loadConfig` of a module throws (its message), or "" when it loads. */
function configError(load: (cwd: string) => unknown): string {
  try {
    load(dir);
    return "";
  } catch (error) {
    return (error as Error).message.replace(path.join(dir, "handoff.config.json"), "CONFIG");
  }
}

describe("the bundle's plugins", () => {
  it("reports MD060 table widths (emoji and East Asian wide characters) as the sources do", async () => {
    writeFileSync(path.join(dir, "handoff.config.json"), JSON.stringify({ markdownlint: { MD060: { style: "aligned" } } }));
    writeFileSync(path.join(dir, "HANDOFF.md"), "# Handoff\n\n## Next steps\n\n| step | owner |\n| --- | --- |\n| 😀 ship | 山田 |\n| test | me |\n");
    const expected = await reference("HANDOFF.md");
    const bundled = lint("HANDOFF.md");
    const ids = (JSON.parse(expected.stdout) as { files: { diagnostics: { ruleId: string }[] }[] }).files[0]!.diagnostics.map((d) => d.ruleId);
    expect(ids.filter((id) => id === "MD060")).toHaveLength(5);
    expect(bundled.stdout).toBe(expected.stdout);
    expect(bundled.stderr).toBe(expected.stderr);
  });

  it("discovers a directory's handoffs as the sources do", async () => {
    mkdirSync(path.join(dir, "docs/deep"), { recursive: true });
    writeFileSync(path.join(dir, "docs/HANDOFF.md"), "# Handoff\n\n## Next steps\n\n- Run it.\n");
    writeFileSync(path.join(dir, "docs/deep/handoff-2.md"), "# Handoff\n\n## Next steps\n\n- Run it.\n");
    writeFileSync(path.join(dir, "docs/deep/notes.txt"), "not a handoff\n");
    const bundled = lint("--no-config", "docs", "docs/**/*.md");
    expect(bundled.stdout).toBe((await reference("--no-config", "docs", "docs/**/*.md")).stdout);
    expect((JSON.parse(bundled.stdout) as { files: { path: string }[] }).files.map((f) => f.path)).toEqual([
      "docs/HANDOFF.md",
      "docs/deep/handoff-2.md",
      "docs/deep/notes.txt",
    ]);
  });

  it("checks a config file with the precompiled validator, with the messages of the compiled schema", async () => {
    writeFileSync(path.join(dir, "HANDOFF.md"), "# Handoff\n\n## Next steps\n\n- Run it.\n");
    const configs = [
      { nope: 1 },
      { rules: { MD013: "loud" } },
      { rules: { stale: ["warning", { maxAgeDays: "ten" }] } },
      { overrides: [{ rules: {} }] },
      { markdownlint: "nope" },
      { maxFileSize: -1 },
      { ignores: "x" },
      { profile: "generic", rules: { stale: "off" } },
    ];
    // The library bundle carries the same precompiled validator as the bin's.
    const bundled = (await import(pathToFileURL(path.join(repoRoot, "dist/bundle/index.js")).href)) as { loadConfig: typeof loadConfig };
    const messages: string[] = [];
    for (const config of configs) {
      writeFileSync(path.join(dir, "handoff.config.json"), JSON.stringify(config));
      const message = configError(loadConfig);
      expect(configError(bundled.loadConfig), JSON.stringify(config)).toBe(message);
      messages.push(message);
    }
    expect(messages.slice(0, 2)).toEqual([
      "CONFIG: (root): must NOT have additional properties 'nope'",
      "CONFIG: rules.MD013: must be equal to one of the allowed values",
    ]);
    expect(messages.at(-1)).toBe("");
    // The bin reports the first through its own copy of the validator, as the sources do.
    writeFileSync(path.join(dir, "handoff.config.json"), JSON.stringify(configs[0]));
    const bin = lint("HANDOFF.md");
    const expected = await reference("HANDOFF.md");
    expect([bin.status, bin.stdout, bin.stderr]).toEqual([expected.code, expected.stdout, expected.stderr]);
    expect(bin.stderr).toBe(`handoff: ${path.join(dir, "handoff.config.json")}: (root): must NOT have additional properties 'nope'\n`);
    expect(readFileSync(path.join(repoRoot, "dist/bundle/handoff.cjs"), "utf8")).toMatch(/function precompiledConfigValidator\(\) \{\n\s+return validate\d*;/);
    const chunks = readdirSync(path.join(repoRoot, "dist/bundle")).filter((name) => name.startsWith("chunk-"));
    const library = chunks.map((name) => readFileSync(path.join(repoRoot, "dist/bundle", name), "utf8")).join("\n");
    expect(library).toMatch(/function precompiledConfigValidator\(\) \{\n\s+return validate\d*;/);
  });

  it("bundles picomatch for fdir and leaves js-yaml's optional esprima out", () => {
    const source = readFileSync(path.join(repoRoot, "dist/bundle/handoff.cjs"), "utf8");
    expect(source).toContain("// node_modules/fdir/dist/index.cjs");
    expect(source).not.toContain("// node_modules/fdir/dist/index.mjs");
    expect(source).toContain('throw new Error("esprima is not bundled");');
    expect(source).toContain("// lazy-string-width:string-width");
  });
});
