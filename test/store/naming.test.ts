import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  contractStamp,
  fileNameFor,
  HATCH3R_ID_RE,
  hatch3rId,
  resolveInside,
  slugify,
  StoreEscapeError,
  withCollisionSuffix,
} from "../../src/5-operations/store/naming.js";
import { isEphemeral, resolveStore } from "../../src/5-operations/store/resolve.js";

const NOW = new Date("2026-11-29T21:47:30Z");

describe("names and ids", () => {
  it.each([
    ["Lint pipeline!", "lint-pipeline"],
    ["  Überprüfung der Daten ", "uberprufung-der-daten"],
    ["---", "handoff"],
    ["a".repeat(80), "a".repeat(60)],
  ])("slugifies %j as %j", (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it("makes hatch3r ids in UTC with a 5-hex part and a kebab slug", () => {
    expect(hatch3rId(NOW, "Lint pipeline", "a1b2c")).toBe("2026-11-29_T2147_a1b2c_lint-pipeline");
    expect(hatch3rId(NOW, "x")).toMatch(/^2026-11-29_T2147_[0-9a-f]{5}_x$/);
  });

  it("names files per profile and suffixes collisions -2, -3", () => {
    expect(contractStamp(NOW)).toBe("20261129T2147Z");
    expect(fileNameFor("contract", NOW, "s", "My Project")).toBe("HANDOFF-my-project-20261129T2147Z.md");
    expect(fileNameFor("hatch3r", NOW, "s", "p", "2026-11-29_T2147_a1b2c_s")).toBe("2026-11-29_T2147_a1b2c_s.md");
    expect(fileNameFor("generic", NOW, "Next Session", "p")).toBe("20261129T2147Z-next-session.md");
    expect([1, 2, 3].map((n) => withCollisionSuffix("HANDOFF-p-20261129T2147Z.md", n))).toEqual([
      "HANDOFF-p-20261129T2147Z.md",
      "HANDOFF-p-20261129T2147Z-2.md",
      "HANDOFF-p-20261129T2147Z-3.md",
    ]);
  });
});

describe("resolveInside", () => {
  const root = mkdtempSync(path.join(tmpdir(), "handoffkit-store-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, "active"));
  writeFileSync(path.join(root, "active", "a.md"), "# a\n");
  symlinkSync(tmpdir(), path.join(root, "active", "out"));

  it("resolves names inside the store", () => {
    expect(resolveInside(root, "active/a.md")).toBe(path.join(root, "active", "a.md"));
    expect(resolveInside(root, "active/new.md")).toBe(path.join(root, "active", "new.md"));
  });

  it.each([
    ["../x.md", "'../x.md' leaves the store ('..' is not allowed)"],
    ["active/../../x.md", "'active/../../x.md' leaves the store ('..' is not allowed)"],
    ["/etc/passwd", "'/etc/passwd' is an absolute path; give an id or a name inside the store"],
    ["active/out/x.md", "'active/out/x.md' resolves outside the store (symbolic link)"],
    ["a\0b", "a handoff id may not contain a NUL byte"],
  ])("refuses %j", (name, message) => {
    expect(() => resolveInside(root, name)).toThrow(StoreEscapeError);
    expect(() => resolveInside(root, name)).toThrow(message);
  });
});

describe("resolveStore", () => {
  const cwd = mkdtempSync(path.join(tmpdir(), "handoffkit-resolve-"));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it("follows the contract's lookup: $HANDOFF_DIR, .claude/handoff.json, handoffs/, .handoffs/, default", () => {
    expect(resolveStore({ cwd, env: {} })).toMatchObject({ root: path.join(cwd, ".handoffs"), reason: "default", exists: false });
    mkdirSync(path.join(cwd, ".handoffs"));
    expect(resolveStore({ cwd, env: {} }).reason).toBe("existing .handoffs/");
    mkdirSync(path.join(cwd, "handoffs"));
    expect(resolveStore({ cwd, env: {} }).reason).toBe("existing handoffs/");
    mkdirSync(path.join(cwd, ".claude"));
    writeFileSync(path.join(cwd, ".claude", "handoff.json"), JSON.stringify({ handoff: { dir: "notes/handoffs" } }));
    expect(resolveStore({ cwd, env: {} })).toMatchObject({ root: path.join(cwd, "notes/handoffs"), reason: ".claude/handoff.json handoff.dir" });
    expect(resolveStore({ cwd, env: { HANDOFF_DIR: "elsewhere" } })).toMatchObject({ root: path.join(cwd, "elsewhere"), reason: "$HANDOFF_DIR" });
    expect(resolveStore({ cwd, env: { HANDOFF_DIR: "elsewhere" }, dir: "x" })).toMatchObject({ root: path.join(cwd, "x"), reason: "--dir" });
  });

  it("prefers hatch3r's store (and the older .agents/) and the verified-delivery record", () => {
    mkdirSync(path.join(cwd, ".agents", "handoffs"), { recursive: true });
    expect(resolveStore({ cwd, env: {} })).toMatchObject({ layout: "hatch3r", profile: "hatch3r", root: path.join(cwd, ".agents/handoffs") });
    mkdirSync(path.join(cwd, ".hatch3r", "handoffs"), { recursive: true });
    expect(resolveStore({ cwd, env: {} }).root).toBe(path.join(cwd, ".hatch3r/handoffs"));
    expect(resolveStore({ cwd, env: {}, profile: "verified-delivery" })).toMatchObject({
      layout: "verified-delivery",
      root: path.join(cwd, ".verified-delivery"),
    });
  });

  it("calls storage ephemeral for HANDOFF_EPHEMERAL=1, durable for =0", () => {
    expect(isEphemeral(cwd, { HANDOFF_EPHEMERAL: "1" })).toBe(true);
    expect(isEphemeral(cwd, { HANDOFF_EPHEMERAL: "0" })).toBe(false);
  });
});

describe("HATCH3R_ID_RE", () => {
  it("accepts the ids hatch3rId makes and nothing a store would not list", () => {
    expect(HATCH3R_ID_RE.test(hatch3rId(new Date("2026-11-29T21:47:00Z"), "Lint pipeline!", "a1b2c"))).toBe(true);
    for (const id of [".hidden", "CHANGELOG", "..", "2026-11-29_T2147_a1b2c_x/../y", "2026-11-29_T2147_a1b2c_", "2026-11-29_T2147_A1B2C_x"]) {
      expect(HATCH3R_ID_RE.test(id), id).toBe(false);
    }
  });
});
