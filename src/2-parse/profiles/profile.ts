/**
 * Profiles: a named set of frontmatter fields, required sections and format-specific checks.
 * The built-in profiles follow the public formats of 0mandrock1/handoff-skills, hatch3r/hatch3r, magnus919/agent-skills and sno-ai/sno-station-skills.
 */
import type { HandoffDocument } from "../document/model.js";
import { normalizeHeading, type SectionRole } from "../roles/roles.js";

/** One section a profile knows. */
export interface SectionSpec {
  /** The heading as the format writes it. */
  title: string;
  /** Other headings accepted for it (compared after `normalizeHeading`). */
  aliases?: readonly string[];
  /** The role it plays. */
  role?: SectionRole;
  /** Must be present (and not empty). */
  required: boolean;
}

/** A profile. */
export interface Profile {
  /** Stable id used in config and reports: `contract`, `hatch3r`, `verified-delivery`, `sno`, `generic`, or a team's own. */
  id: string;
  /** One line shown in `--help` and docs. */
  description: string;
  /** Public source of the format. */
  source: string;
  /** The sections the format defines, in its order. */
  sections: readonly SectionSpec[];
  /** Heading level the format's sections use (hatch3r: 2); undefined = any level. */
  sectionDepth?: number;
  /** Sections must appear in the order of {@link sections}. */
  ordered: boolean;
  /** JSON Schema for the frontmatter; undefined when the format defines none. */
  frontmatterSchema?: object;
  /** A document of this profile must have frontmatter. */
  frontmatterRequired: boolean;
  /** JSON Schema for a JSON record (verified-delivery). */
  recordSchema?: object;
  /** The format keeps verified facts and hypotheses in separate sections. */
  separatesFactsAndHypotheses: boolean;
  /**
   * Whether the section rules apply to this document at all (the sno cutover brief has no fixed
   * sections; a JSON record has none). Default: Markdown documents only.
   */
  hasSections?(document: HandoffDocument): boolean;
}

/** True when `profile` defines sections and they apply to `document`. */
export function sectionsApply(profile: Profile, document: HandoffDocument): boolean {
  if (document.format !== "markdown" || !document.mdast) return false;
  return profile.hasSections ? profile.hasSections(document) : true;
}

/** True when `section`'s heading names `spec` (title or alias, compared after normalizing). */
export function sectionMatches(section: { normalized: string }, spec: SectionSpec): boolean {
  if (section.normalized === normalizeHeading(spec.title)) return true;
  return (spec.aliases ?? []).some((alias) => section.normalized === normalizeHeading(alias));
}

/**
 * A section whose heading plays `spec`'s role under another title (and names no other section of
 * `profile`): required-sections calls it misnamed rather than the section missing.
 */
export function standInFor<S extends { normalized: string; roles: readonly string[] }>(
  sections: readonly S[],
  spec: SectionSpec,
  profile: Profile,
): S | undefined {
  const role = spec.role;
  if (!role) return undefined;
  return sections.find((s) => s.roles.includes(role) && !profile.sections.some((other) => sectionMatches(s, other)));
}

/** The first section of `sections` that names `spec`, if any. */
export function findSection<S extends { normalized: string }>(sections: readonly S[], spec: SectionSpec): S | undefined {
  return sections.find((section) => sectionMatches(section, spec));
}
