/**
 * The generated parts of the rule docs (`rules/<id>.md`), rendered from the code so the pages cannot
 * drift from it (after markdownlint's `doc-build/`): each page's header block from the rule's `meta`
 * (severity, profiles, formats, tags, precision, message ids, options from `optionsSchema`), and the
 * detector table of `rules/no-secrets.md` from `src/3-check/secrets/detectors.ts`. Each part sits between
 * a start and an end marker comment; `npm run docs` rewrites them and a test compares them.
 */
import type { RuleMeta } from "../../src/3-check/engine/rule.js";
import type { SecretDetector } from "../../src/3-check/secrets/detector.js";

/** A generated part of a page: its marker name and its text (without the markers). */
export interface GeneratedPart {
  name: "header" | "detectors";
  text: string;
}

/** The comment lines around a generated part. */
export function markers(name: GeneratedPart["name"]): { start: string; end: string } {
  return { start: `<!-- generated:${name} (npm run docs; edit the code, not this block) -->`, end: `<!-- end generated:${name} -->` };
}

const FORMAT_NAMES = { markdown: "Markdown", json: "JSON records" } as const;

/** A table cell: pipes escaped, line breaks folded. */
function cell(text: string): string {
  return text.replaceAll("|", "\\|").replace(/\s*\n\s*/g, " ");
}

/** A JSON Schema of one option, in words: `number > 0`, `array of string`, `"a" \| "b"`. */
export function schemaType(schema: Record<string, unknown>): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" or ");
  const type = typeof schema.type === "string" ? schema.type : "any";
  if (type === "array") {
    const items = schema.items as Record<string, unknown> | undefined;
    return `array of ${items ? schemaType(items) : "any"}`;
  }
  if (type === "object" && schema.additionalProperties && typeof schema.additionalProperties === "object") {
    return `object of ${schemaType(schema.additionalProperties as Record<string, unknown>)}`;
  }
  const bounds = [
    schema.exclusiveMinimum !== undefined ? `> ${String(schema.exclusiveMinimum)}` : undefined,
    schema.minimum !== undefined ? `>= ${String(schema.minimum)}` : undefined,
    schema.maximum !== undefined ? `<= ${String(schema.maximum)}` : undefined,
  ].filter(Boolean);
  return [type, ...bounds].join(" ");
}

/** The header block of a rule's page. */
export function ruleHeader(meta: RuleMeta): string {
  const profiles = meta.profiles === "all" ? "all" : meta.profiles.map((p) => `\`${p}\``).join(", ");
  const facts = [
    `**Default severity:** ${meta.defaultSeverity}`,
    `**Profiles:** ${profiles}`,
    `**Formats:** ${meta.formats.map((f) => FORMAT_NAMES[f]).join(", ")}`,
    `**Tags:** ${meta.tags.join(", ")}`,
    ...(meta.precision ? [`**Precision:** ${meta.precision}`] : []),
    ...(meta.loadStage ? ["**Runs on:** files that failed to load"] : []),
  ];
  const lines = [facts.join(" · "), "", "| message id | message |", "| --- | --- |"];
  for (const [id, template] of Object.entries(meta.messages)) lines.push(`| \`${id}\` | ${cell(template)} |`);
  const properties = (meta.optionsSchema as { properties?: Record<string, Record<string, unknown>> } | undefined)?.properties;
  if (properties && Object.keys(properties).length > 0) {
    lines.push("", "| option | type | default | description |", "| --- | --- | --- | --- |");
    for (const [name, schema] of Object.entries(properties)) {
      const fallback = meta.defaultOptions?.[name];
      const description = typeof schema.description === "string" ? schema.description : "";
      lines.push(
        `| \`${name}\` | ${cell(schemaType(schema))} | ${fallback === undefined ? "—" : `\`${cell(JSON.stringify(fallback))}\``} | ${cell(description)} |`,
      );
    }
  }
  return lines.join("\n");
}

/** The detector table of `rules/no-secrets.md`: id, what it finds, keywords, entropy floor (— for none), precision, source. */
export function detectorTable(detectors: readonly SecretDetector[]): string {
  const rows = detectors.map((d) => {
    const keywords = d.keywords.map((k) => `\`${k}\``).join(", ");
    return `| \`${d.id}\` | ${d.description} | ${keywords} | ${d.entropy > 0 ? String(d.entropy) : "—"} | ${d.precision} | ${cell(d.source)} |`;
  });
  return ["| id | finds | keywords | entropy floor | precision | source |", "| --- | --- | --- | --- | --- | --- |", ...rows].join("\n");
}

/** A part was expected in a page and its markers are not there (or not in order). */
export class MissingMarkersError extends Error {
  override name = "MissingMarkersError";
}

/**
 * `page` with the text between `part`'s markers replaced by `part.text`; every other byte unchanged.
 * @throws MissingMarkersError when the page lacks either marker.
 */
export function withPart(page: string, part: GeneratedPart): string {
  const { start, end } = markers(part.name);
  const from = page.indexOf(start);
  const to = page.indexOf(end, from);
  if (from === -1 || to === -1) throw new MissingMarkersError(`no '${start}' … '${end}' block`);
  return `${page.slice(0, from + start.length)}\n${part.text}\n${page.slice(to)}`;
}

/** The generated parts of the page of the rule `meta` describes (with the detector table for `no-secrets`). */
export function partsOf(meta: RuleMeta, detectors: readonly SecretDetector[]): GeneratedPart[] {
  const parts: GeneratedPart[] = [{ name: "header", text: ruleHeader(meta) }];
  if (meta.id === "no-secrets") parts.push({ name: "detectors", text: detectorTable(detectors) });
  return parts;
}

/** `page` (the rule's doc) with every generated part rendered from the code. @throws MissingMarkersError */
export function renderPage(page: string, meta: RuleMeta, detectors: readonly SecretDetector[]): string {
  return partsOf(meta, detectors).reduce(withPart, page);
}

/**
 * `docs/rules.md`, the index of the rules: one row per rule, each cell from its `meta` (its doc
 * page, code, default severity, the kind of fix it offers, precision, and its description, the
 * one description a rule has).
 */
export function rulesIndex(metas: readonly RuleMeta[]): string {
  const rows = metas.map(
    (meta) =>
      `| [\`${meta.id}\`](../rules/${meta.id}.md) | ${meta.code} | ${meta.defaultSeverity} | ${meta.fixable ?? "—"} | ${meta.precision ?? "—"} | ${cell(meta.description)} |`,
  );
  return [
    "# Rules",
    "",
    "<!-- generated by npm run docs from each rule's meta; edit the code, not this page -->",
    "",
    "One file per rule under `rules/`, each with its page beside it (`rules/<rule>.md`): the page's",
    'header is generated from the rule\'s `meta`, and its "Not ok" and "Ok" examples are run by',
    "`test/docs/rule-docs.test.ts`. `fix` names the kind of fix the rule offers (`lint --fix-type`);",
    "`precision` is how often a finding is right, as measured on real handoffs.",
    "",
    "| rule | code | default | fix | precision | what it checks |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}
