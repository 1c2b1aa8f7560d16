/**
 * Editing the sections of a handoff written by `handoff new`, for tests.
 */

/** `text` with the body of each `## <title>` section (up to the next `## ` heading) replaced. */
export function fillSections(text: string, bodies: Readonly<Record<string, string>>): string {
  let out = text;
  for (const [title, body] of Object.entries(bodies)) {
    const heading = `## ${title}\n\n`;
    const at = out.indexOf(heading);
    if (at === -1) throw new Error(`no section '${title}'`);
    const start = at + heading.length;
    const next = out.indexOf("\n\n## ", start);
    out = `${out.slice(0, start)}${body}${next === -1 ? "\n" : out.slice(next)}`;
  }
  return out;
}
