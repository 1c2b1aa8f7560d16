/**
 * The bundle's esbuild plugins (scripts/bundle-plugins.mjs) change how dependencies are loaded,
 * never what they do: markdownlint's MD060 measures with string-width loaded on first use, and
 * directory discovery uses fdir's CommonJS build with the bundled picomatch, and a config file is
 * checked by ajv's standalone code with the messages of the schema compiled at run time.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/locations.js";

const bundle = path.join(repoRoot, "dist/bundle/main.js");
const compiled = path.join(repoRoot, "dist/src/6-front-ends/bin/main.js");
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-bundle-plugins-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function lint(entry: string, ...args: string[]) {
  return spawnSync(process.execPath, [entry, "lint", "--format", "json", "--now", "2026-03-01T12:00:00Z", ...args], { cwd: dir, encoding: "utf8" });
}

describe("the bundle's plugins", () => {
  it("reports MD060 table widths (emoji and East Asian wide characters) as the compiled sources do", () => {
    writeFileSync(path.join(dir, "handoff.config.json"), JSON.stringify({ markdownlint: { MD060: { style: "aligned" } } }));
    writeFileSync(path.join(dir, "HANDOFF.md"), "# Handoff\n\n## Next steps\n\n| step | owner |\n| --- | --- |\n| 😀 ship | 山田 |\n| test | me |\n");
    const reference = lint(compiled, "HANDOFF.md");
    const bundled = lint(bundle, "HANDOFF.md");
    const ids = (JSON.parse(reference.stdout) as { files: { diagnostics: { ruleId: string }[] }[] }).files[0]!.diagnostics.map((d) => d.ruleId);
    expect(ids.filter((id) => id === "MD060")).toHaveLength(5);
    expect(bundled.stdout).toBe(reference.stdout);
    expect(bundled.stderr).toBe(reference.stderr);
  });

  it("discovers a directory's handoffs as the compiled sources do", () => {
    mkdirSync(path.join(dir, "docs/deep"), { recursive: true });
    writeFileSync(path.join(dir, "docs/HANDOFF.md"), "# Handoff\n\n## Next steps\n\n- Run it.\n");
    writeFileSync(path.join(dir, "docs/deep/handoff-2.md"), "# Handoff\n\n## Next steps\n\n- Run it.\n");
    writeFileSync(path.join(dir, "docs/deep/notes.txt"), "not a handoff\n");
    const bundled = lint(bundle, "--no-config", "docs", "docs/**/*.md");
    expect(bundled.stdout).toBe(lint(compiled, "--no-config", "docs", "docs/**/*.md").stdout);
    expect((JSON.parse(bundled.stdout) as { files: { path: string }[] }).files.map((f) => f.path)).toEqual([
      "docs/HANDOFF.md",
      "docs/deep/handoff-2.md",
      "docs/deep/notes.txt",
    ]);
  });

  it("checks a config file with the precompiled validator, with the messages of the compiled schema", () => {
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
    const messages: string[] = [];
    for (const config of configs) {
      writeFileSync(path.join(dir, "handoff.config.json"), JSON.stringify(config));
      const reference = lint(compiled, "HANDOFF.md");
      const bundled = lint(bundle, "HANDOFF.md");
      expect(bundled.stderr).toBe(reference.stderr);
      expect(bundled.stdout).toBe(reference.stdout);
      expect(bundled.status).toBe(reference.status);
      messages.push(reference.stderr.replace(path.join(dir, "handoff.config.json"), "CONFIG").trim());
    }
    expect(messages.slice(0, 2)).toEqual([
      "handoff: CONFIG: (root): must NOT have additional properties 'nope'",
      "handoff: CONFIG: rules.MD013: must be equal to one of the allowed values",
    ]);
    expect(messages.at(-1)).toBe("");
    expect(readFileSync(path.join(repoRoot, "dist/bundle/handoff.cjs"), "utf8")).toMatch(/function precompiledConfigValidator\(\) \{\n\s+return validate\d*;/);
  });

  it("bundles picomatch for fdir and leaves js-yaml's optional esprima out", () => {
    const source = readFileSync(path.join(repoRoot, "dist/bundle/handoff.cjs"), "utf8");
    expect(source).toContain("// node_modules/fdir/dist/index.cjs");
    expect(source).not.toContain("// node_modules/fdir/dist/index.mjs");
    expect(source).toContain('throw new Error("esprima is not bundled");');
    expect(source).toContain("// lazy-string-width:string-width");
  });
});
