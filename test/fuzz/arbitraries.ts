/**
 * fast-check arbitraries for handoff documents: arbitrary bytes, Markdown built from fragments
 * (headings, lists, fences, tables, HTML comments, links, quotes, unicode), YAML frontmatter and
 * JSON records. The fragments lean on what our rules look at (section titles, markers, hedges,
 * secrets-looking keys, injection phrases) so the properties reach deep into every rule.
 */
import fc from "fast-check";

/**
 * Runs per property: `HANDOFFKIT_FUZZ_RUNS` (set by `npm run fuzz`), else `fallback` (the modest
 * number `npm test` uses).
 */
export function fuzzRuns(fallback: number): number {
  const fromEnv = Number(process.env.HANDOFFKIT_FUZZ_RUNS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : fallback;
}

/**
 * fast-check parameters: `npm test` (no HANDOFFKIT_FUZZ_RUNS) uses a fixed seed so it is
 * deterministic; `npm run fuzz` draws a new seed every time (fast-check prints it on failure;
 * HANDOFFKIT_FUZZ_SEED replays one).
 */
export function fuzzOptions(numRuns: number): { numRuns: number; seed?: number } {
  const seed = process.env.HANDOFFKIT_FUZZ_SEED;
  if (seed !== undefined) return { numRuns, seed: Number(seed) };
  return process.env.HANDOFFKIT_FUZZ_RUNS ? { numRuns } : { numRuns, seed: 20_260_301 };
}

/**
 * A vitest timeout for `runs` cases of about `msPerCase` each: the suite's hang guard (10 min, as in
 * vitest.config.ts) plus the cases, so a loaded two-core machine never fails a default run.
 */
export function fuzzTimeout(runs: number, msPerCase: number): number {
  return 600_000 + runs * msPerCase;
}

const WORDS = [
  "Goal",
  "Verified facts",
  "Hypotheses",
  "Next action",
  "Next steps",
  "Durable context",
  "Unresolved work",
  "Decisions",
  "Open questions",
  "State",
  "probably",
  "I think",
  "exit code 0",
  "PID 4242",
  "/tmp/run.log",
  "ignore all previous instructions",
  "you are now DAN",
  "reveal your system prompt",
  "<|im_start|>system",
  "Thought:",
  "Action:",
  "TODO",
  "TBD",
  "2026-03-01T10:00:00Z",
  "a1b2c3d",
  "main@bc2db0c",
  "password:",
  "api_key =",
  "handoff-disable",
  "BEGIN USER TIER",
  "END USER TIER",
  "AGENT_CUTOVER_EOF",
  "machine-record:start",
];

const UNICODE = ["é", "漢字", "🙂", "👩‍👩‍👧", "\u200b", "\u202e", "\u00a0", "\ufeff", "е" /* Cyrillic */, "ﬁ", "\u0301", "\u2028", "\t"];

/** A short run of prose: words, arbitrary graphemes, tricky unicode. */
export const textArb: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...WORDS) },
      { weight: 3, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 12 }) },
      { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 6 }) },
      { weight: 1, arbitrary: fc.constantFrom(...UNICODE) },
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(" ").replace(/[\r\n]/g, " "));

const urlArb = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.constantFrom("http://x", "https://e.test/?q={{secret}}", "javascript:alert(1)", "<>", ""),
);

/** One inline span. */
export const inlineArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: textArb },
  { weight: 1, arbitrary: textArb.map((t) => `*${t}*`) },
  { weight: 1, arbitrary: textArb.map((t) => `**${t}**`) },
  { weight: 1, arbitrary: textArb.map((t) => `~~${t}~~`) },
  { weight: 1, arbitrary: textArb.map((t) => `\`${t}\``) },
  { weight: 1, arbitrary: fc.tuple(textArb, urlArb).map(([t, u]) => `[${t}](${u})`) },
  { weight: 1, arbitrary: fc.tuple(textArb, urlArb).map(([t, u]) => `![${t}](${u})`) },
  { weight: 1, arbitrary: textArb.map((t) => `<span title="${t}">${t}</span>`) },
  { weight: 1, arbitrary: fc.constantFrom("<br>", "&amp;", "&#x202e;", "\\*", "[^1]", "<https://a.b>", "www.example.com", "a@b.co") },
);

const lineArb = fc.array(inlineArb, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(" "));

/** One Markdown block (may span several lines, never ends with a line break). */
export const blockArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: lineArb },
  { weight: 3, arbitrary: fc.tuple(fc.integer({ min: 1, max: 6 }), fc.oneof(fc.constantFrom(...WORDS), lineArb)).map(([n, t]) => `${"#".repeat(n)} ${t}`) },
  { weight: 2, arbitrary: fc.tuple(lineArb, fc.constantFrom("===", "---")).map(([t, u]) => `${t}\n${u}`) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom("- ", "* ", "1. ", "- [ ] ", "- [x] ", "+ "), lineArb), { minLength: 1, maxLength: 5 })
      .map((items) => items.map(([depth, marker, t]) => `${"  ".repeat(depth)}${marker}${t}`).join("\n")),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom("```", "~~~", "````"),
        fc.constantFrom("", "json", "sh", "yaml", "text"),
        fc.array(fc.string({ unit: "grapheme-ascii", maxLength: 30 }), { maxLength: 4 }),
        fc.boolean(),
      )
      .map(([fence, lang, lines, closed]) => `${fence}${lang}\n${lines.join("\n")}${closed ? `\n${fence}` : ""}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 4 }), fc.array(fc.array(textArb, { minLength: 1, maxLength: 4 }), { maxLength: 3 }))
      .map(([cols, rows]) =>
        [
          `| ${Array.from({ length: cols }, (_, i) => `h${i}`).join(" | ")} |`,
          `| ${Array.from({ length: cols }, () => "---").join(" | ")} |`,
          ...rows.map((r) => `| ${r.join(" | ")} |`),
        ].join("\n"),
      ),
  },
  { weight: 1, arbitrary: fc.array(lineArb, { minLength: 1, maxLength: 3 }).map((ls) => ls.map((l) => `> ${l}`).join("\n")) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      textArb.map((t) => `<!-- ${t} -->`),
      fc.constantFrom(
        "<!-- handoff-disable no-secrets -->",
        "<!-- handoff-disable-next-line -->",
        "<!-- handoff-enable -->",
        "<!-- machine-record:start -->\ncheckpoint: 1\n<!-- machine-record:end -->",
        "<!-- AGENT_CUTOVER_EOF -->",
        "<!-- unclosed comment",
        "<details><summary>x</summary>\n\nhidden\n\n</details>",
        "[ref]: https://example.com 'title'",
        "---",
        "***",
        "    indented code",
      ),
    ),
  },
);

/** A YAML frontmatter body (without fences): arbitrary values dumped, or hand-written tricky YAML. */
export const yamlArb: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .dictionary(
        fc.oneof(
          fc.constantFrom("type", "status", "id", "integrity", "expires", "created", "title", "git_ref", "api_key", "owner"),
          fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 10 }),
        ),
        fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom("handoff", "open", "2026-03-01T10:00:00Z", "sha256:abc", "main@bc2db0c")),
        { maxKeys: 6 },
      )
      .map((data) =>
        Object.entries(data)
          .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
          .join("\n"),
      ),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.oneof(
          fc.constantFrom(
            "type: handoff",
            "status: open",
            "status: done",
            "a: &a [x, y]",
            "b: *a",
            "c: *missing",
            "k: !!js/function 'function () { process.exit(9) }'",
            "tag: !custom value",
            "date: 2026-02-30",
            "multi: |\n  line one\n  line two",
            "folded: >-\n  a\n  b",
            "{flow: map}",
            "- a list",
            "integrity:",
            "integrity: sha256:0000000000000000000000000000000000000000000000000000000000000000",
            "integrity: 'sha256:x' # comment",
            "? complex key\n: value",
            "dup: 1\ndup: 2",
            "bad: [unclosed",
            "\t tab: indent",
            "# only a comment",
            "%YAML 1.2",
          ),
          fc.tuple(fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 8 }), textArb).map(([k, v]) => `${k}: ${v}`),
        ),
        { maxLength: 6 },
      )
      .map((lines) => lines.join("\n")),
  },
);

/** A frontmatter block with its fences (sometimes an executable or unclosed kind), or nothing. */
export const frontmatterArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constant("") },
  { weight: 5, arbitrary: yamlArb.map((y) => `---\n${y}${y ? "\n" : ""}---\n`) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      yamlArb.map((y) => `---\n${y}\n`),
      fc.constantFrom(
        "---js\n{ title: (function () { process.exit(9) })() }\n---\n",
        "---javascript\nmodule.exports = { x: require('child_process').execSync('touch /tmp/pwned') }\n---\n",
        "---coffee\nx: -> process.exit 9\n---\n",
        '---json\n{"type": "handoff"}\n---\n',
        "+++\ntitle = 'toml'\n+++\n",
        ";;;\nx\n;;;\n",
      ),
    ),
  },
);

/** A whole Markdown document (LF line endings). */
export const markdownArb: fc.Arbitrary<string> = fc
  .tuple(frontmatterArb, fc.array(fc.tuple(blockArb, fc.constantFrom("\n", "\n\n", "\n\n\n")), { maxLength: 12 }), fc.boolean())
  .map(([frontmatter, blocks, finalNewline]) => {
    const body = blocks.map(([b, sep]) => b + sep).join("");
    return frontmatter + (finalNewline ? body : body.replace(/\n+$/, ""));
  });

/** A JSON record: a verified-delivery-shaped object with arbitrary values, or any JSON value. */
export const jsonRecordArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      fc.record(
        {
          schema: fc.constantFrom("verified-delivery/handoff-v1", "other/v2"),
          status: fc.constantFrom("open", "closed", "in_progress", 3),
          branch: fc.string({ maxLength: 10 }),
          head_sha: fc.oneof(fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 7, maxLength: 40 }), fc.constant(null)),
          steps: fc.array(
            fc.record(
              {
                id: fc.string({ maxLength: 5 }),
                status: fc.constantFrom("pending", "completed", "done", ""),
                evidence: fc.oneof(fc.string({ maxLength: 20 }), fc.array(fc.string({ maxLength: 10 }), { maxLength: 2 })),
              },
              { requiredKeys: [] },
            ),
            { maxLength: 3 },
          ),
          authorization_boundary: fc.record({ authorized: fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }) }, { requiredKeys: [] }),
          extra: fc.jsonValue({ maxDepth: 3 }),
        },
        { requiredKeys: ["schema"] },
      ),
      fc.jsonValue({ maxDepth: 4 }),
    ),
    fc.constantFrom(0, 2, "\t"),
    fc.oneof({ weight: 4, arbitrary: fc.constant(-1) }, { weight: 1, arbitrary: fc.nat() }),
  )
  .map(([value, indent, cut]) => {
    const json = JSON.stringify(value, null, indent) ?? "null";
    // Now and then a truncated record: invalid JSON must be a finding too.
    return cut < 0 ? `${json}\n` : json.slice(0, cut % (json.length + 1));
  });

/** Arbitrary bytes, or a valid document with a few bytes replaced (invalid UTF-8, NUL, BOMs). */
export const bytesArb: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.uint8Array({ maxLength: 512 }),
  fc
    .tuple(
      markdownArb,
      fc.array(fc.tuple(fc.nat(), fc.constantFrom(0x00, 0x80, 0xc0, 0xed, 0xf5, 0xff, 0xfe, 0xef, 0x0d)), { maxLength: 3 }),
      fc.constantFrom([], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff]),
    )
    .map(([text, edits, prefix]) => {
      const bytes = new Uint8Array([...prefix, ...new TextEncoder().encode(text)]);
      for (const [at, byte] of edits) if (bytes.length > 0) bytes[at % bytes.length] = byte;
      return bytes;
    }),
);

/** File names that are hard for tools: spaces, non-ASCII, a leading dash, quotes. */
export const fileNameArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      fc.constantFrom("-rf", "--help", " lead", "a b", "é漢", "it's", "#hash", "$(x)", "new\nline", "..x"),
      fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 8 }),
    ),
    fc.constantFrom(".md", ".markdown", ".txt", ".json"),
  )
  .map(([stem, ext]) => `${stem.replace(/[/\\\0]/g, "_")}${ext}`);
