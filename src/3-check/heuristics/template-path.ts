/**
 * Template files: a document kept as a blank for writing handoffs (`HANDOFF_TEMPLATE.md`,
 * `templates/session-state.md`) holds placeholders on purpose; a filled-in handoff does not.
 * Read from the path alone, so one file is judged on its own.
 */
/** A file stem that names a template: `template`, `handoff-template`, `van_handover_template`, `template.handoff`. */
const TEMPLATE_STEM_RE = /(?:^|[-_. ])template$|^template(?:[-_. ]|$)/i;
/** A folder that holds templates. */
const TEMPLATE_DIR_RE = /^[._]?templates?$/i;
/** How many enclosing folders are read (`templates/handoff/x.md`), so a folder far up does not count. */
const DIR_DEPTH = 3;

/**
 * True when `file` (any path form, `/` or `\` separated) is a template by its name: its stem (the
 * name without its last extension: `handoff.template.md` reads `handoff.template`) names a template
 * ("email-templates", a topic, does not), or one of its three nearest folders is `template(s)`
 * (also with a leading `.` or `_`).
 */
export function isTemplatePath(file: string): boolean {
  const parts = file.split(/[\\/]+/).filter((part) => part.length > 0);
  const name = parts.pop() ?? "";
  const stem = name.replace(/\.[^.]*$/, "");
  if (TEMPLATE_STEM_RE.test(stem)) return true;
  return parts.slice(-DIR_DEPTH).some((dir) => TEMPLATE_DIR_RE.test(dir));
}
