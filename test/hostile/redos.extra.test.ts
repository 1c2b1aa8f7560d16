/**
 * Every regular expression literal in src/ and rules/ through a ReDoS checker: recheck (npm,
 * https://makenowjust-labs.github.io/recheck/), run with its pure-JavaScript backend so it works
 * offline without the optional native or JVM binary. Literals are collected by parsing each file
 * with oxc (vite's `parseSync`), so none is missed; `new RegExp(…)` call sites are listed and each
 * needs a documented reason below.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseSync } from "vite";
import { describe, expect, it } from "vitest";
import { decide, RECHECK_PARAMS, type Verdict } from "../helpers/recheck.js";
import { repoRoot } from "../helpers/locations.js";
import EXEMPT from "./redos-exemptions.json" with { type: "json" };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

interface Found {
  where: string;
  pattern: string;
  flags: string;
}

/** Regex literals and `new RegExp`/`RegExp(` call sites of every source file, with their line. */
function collect(): { literals: Found[]; dynamic: string[] } {
  const literals: Found[] = [];
  const dynamic: string[] = [];
  for (const file of [...sourceFiles(path.join(repoRoot, "src")), ...sourceFiles(path.join(repoRoot, "rules"))]) {
    const text = readFileSync(file, "utf8");
    const relative = path.relative(repoRoot, file);
    const lineOf = (offset: number) => text.slice(0, offset).split("\n").length;
    const parsed = parseSync(relative, text, { lang: "ts" });
    expect(parsed.errors, relative).toEqual([]);
    JSON.stringify(
      parsed.program,
      (_key, node: { type?: string; regex?: { pattern: string; flags: string }; start?: number; callee?: { type?: string; name?: string } } | null) => {
        if (node && node.type === "Literal" && node.regex) literals.push({ where: `${relative}:${lineOf(node.start ?? 0)}`, ...node.regex });
        if (node && (node.type === "NewExpression" || node.type === "CallExpression") && node.callee?.type === "Identifier" && node.callee.name === "RegExp") {
          dynamic.push(`${relative}:${lineOf(node.start ?? 0)}`);
        }
        return node;
      },
    );
  }
  return { literals, dynamic };
}

/**
 * `new RegExp` call sites, each with why it cannot backtrack catastrophically. A new call site fails
 * the test until it is reviewed and listed here.
 */
const DYNAMIC_EXEMPTIONS: Record<string, string> = {
  "src/3-check/integrity/verify.ts":
    "the cutover marker, a constant without quantifiers, between fixed line-break alternatives; run on a tail of at most marker length + 4 characters",
  "rules/mojibake.ts": "one character class, then one or two characters of another class: fixed length, no quantifier over a group (linear)",
  "rules/injection-marker-spoof.ts": "built from the exported pattern sources of the injection detector tables, which are literals checked below",
  "src/3-check/injection/lexicon.ts":
    "the scorer's signal table built from bounded fragments; every built pattern is run through recheck in test/injection/signals.extra.test.ts and timed on 1 MB",
  "src/3-check/injection/lexicon-languages.ts":
    "the scorer's signal table per language built from bounded fragments; every built pattern is run through recheck in test/injection/signals.extra.test.ts and timed on 1 MB",
  "src/2-parse/roles/role-cues.ts":
    "the section-role cue table: alternations of cue patterns, each one checked with recheck in test/hostile/role-cues.test.ts; the alternation is never repeated, so it stays linear, and headings are cut to 240 characters",
  "src/4-report/boundary.ts":
    "an alternation of escaped fixed vendor prefixes (no quantifier inside) followed by one character class repeated: each match starts at a prefix and runs once over the class (linear)",
  "src/4-report/controls.ts": "the literal CANDIDATE (one character class, one character per match, checked below) with the g flag added (linear)",
  "src/3-check/heuristics/stated-dates.ts":
    "date shapes (bounded digit runs, fixed month-name alternations) and fixed label alternations, anchored or between fixed separators; checked with recheck in test/document/stated-dates.test.ts",
  "src/3-check/heuristics/placeholders.ts":
    "REMOVED_RE: a fixed alternation of words after or before one bounded run of a negated class, anchored at both ends of a bracket of at most 100 characters (linear)",
  "src/3-check/secrets/allowlist.ts": "an alternation of fixed placeholder words and short fixed-length classes, no nested quantifiers (linear)",
  "src/3-check/secrets/detectors.ts":
    "token shapes: a fixed prefix, one bounded character class, look-arounds of one character (linear); the same shapes as the literals checked below",
  "src/3-check/secrets/context-detectors.ts":
    "context shapes built from bounded fragments (a key of at most 40 characters after a look-behind, a command's arguments as one bounded class, a value of at most 128); each detector's growth from 100 KB to 1 MB is checked in test/secrets/context-detectors.test.ts",
};

/*
 * recheck runs deterministically here: a fixed random seed for its fuzzer and no time limits
 * (`timeout`, `incubationTimeout` off; the recall validation, which the pure-JavaScript backend
 * lacks, skipped), so its verdict on a literal is the same on any machine under any load, and
 * `unknown` means recheck could not decide, never that the machine was busy. Deciding can take
 * minutes for one literal, so verdicts are recorded in redos-verdicts.json, keyed by recheck's
 * version, these parameters and the literal (`/pattern/flags`): a run decides only the literals it
 * has no verdict for (new or changed ones), and a different recheck or different parameters
 * decide them all again. HANDOFFKIT_REDOS_WRITE=1 records the verdicts of the literals as they are
 * now (deciding only the new ones) and rewrites the exemptions from them.
 *
 * redos-exemptions.json: the literals recheck proves polynomial, keyed `file /pattern/flags`. None
 * may be exponential or undecided. The polynomial ones are super-linear only on one long run of
 * the same few characters; every input is bounded by the 1 MiB file limit and the secret
 * detectors are timed on such runs in test/secrets/detectors-linear.test.ts. Each entry is still
 * to be reviewed and, where cheap, rewritten by the owner of its file.
 */
const VERDICTS_FILE = path.join(repoRoot, "test/hostile/redos-verdicts.json");

interface VerdictRecord {
  recheck: string;
  params: typeof RECHECK_PARAMS;
  verdicts: Record<string, Verdict>;
}

function recordedVerdicts(version: string): Record<string, Verdict> {
  try {
    const record = JSON.parse(readFileSync(VERDICTS_FILE, "utf8")) as VerdictRecord;
    return record.recheck === version && JSON.stringify(record.params) === JSON.stringify(RECHECK_PARAMS) ? record.verdicts : {};
  } catch {
    return {};
  }
}

const { literals, dynamic } = collect();

describe("ReDoS: every regex in src/ and rules/", () => {
  it("finds the regex literals (the scan works)", () => {
    expect(literals.length).toBeGreaterThan(200);
  });

  it("decides with these parameters: a textbook exponential literal, a polynomial one and a safe one, the d flag set", () => {
    expect(decide("^(a+)+$", "d")).toMatch(/^exponential \(attack /);
    expect(decide("\\s*a\\s*$", "")).toBe("polynomial");
    expect(decide("^[a-z]{1,8}$", "dg")).toBe("safe");
  });

  it("every new RegExp call site has a documented exemption", () => {
    const files = [...new Set(dynamic.map((where) => where.replace(/:\d+$/, "")))].sort();
    expect(files).toEqual(Object.keys(DYNAMIC_EXEMPTIONS).sort());
  });

  it(`recheck: no literal is exponential or undecided, and every polynomial one is a listed exemption (${literals.length} literals)`, () => {
    const version = (JSON.parse(readFileSync(path.join(repoRoot, "node_modules/recheck/package.json"), "utf8")) as { version: string }).version;
    const recorded = recordedVerdicts(version);
    const verdicts: Record<string, Verdict> = {};
    const polynomial: string[] = [];
    const failing: string[] = [];
    for (const { where, pattern, flags } of literals) {
      const literal = `/${pattern}/${flags}`;
      const verdict = (verdicts[literal] ??= recorded[literal] ?? decide(pattern, flags));
      const key = `${where.replace(/:\d+$/, "")} ${literal}`;
      if (verdict.startsWith("polynomial")) polynomial.push(key);
      else if (verdict !== "safe") failing.push(`${key}: ${verdict}`);
    }
    if (process.env.HANDOFFKIT_REDOS_WRITE) {
      const sorted = Object.fromEntries(Object.entries(verdicts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      writeFileSync(VERDICTS_FILE, `${JSON.stringify({ recheck: version, params: RECHECK_PARAMS, verdicts: sorted }, null, 2)}\n`);
      writeFileSync(path.join(repoRoot, "test/hostile/redos-exemptions.json"), `${JSON.stringify([...new Set(polynomial)].sort(), null, 2)}\n`);
    }
    expect(failing).toEqual([]);
    expect(polynomial.filter((key) => !EXEMPT.includes(key))).toEqual([]);
  }, 3_600_000);
});
