/**
 * A team's own profiles, declared in config (`profiles: [...]`).
 */
import type { SectionRole } from "../roles/roles.js";
import { BUILTIN_PROFILES } from "./builtin.js";
import type { Profile, SectionSpec } from "./profile.js";

/** A custom profile as written in config (see `schemas/config.schema.json`). */
export interface CustomProfileConfig {
  id: string;
  description?: string;
  extends?: string;
  ordered?: boolean;
  sectionDepth?: number;
  separatesFactsAndHypotheses?: boolean;
  sections?: Array<{ title: string; aliases?: string[]; required?: boolean; role?: string }>;
  frontmatter?: object;
  frontmatterRequired?: boolean;
  detect?: { frontmatter?: Record<string, unknown> };
}

/** A custom profile and its detection markers. */
export interface CustomProfile {
  profile: Profile;
  detectFrontmatter: Record<string, unknown> | undefined;
}

/**
 * Builds a profile from config.
 * @throws Error with a one-line message when `extends` names no built-in profile.
 */
export function buildCustomProfile(config: CustomProfileConfig): CustomProfile {
  const base = config.extends ? BUILTIN_PROFILES.find((p) => p.id === config.extends) : undefined;
  if (config.extends && !base) {
    throw new Error(`profile '${config.id}' extends unknown profile '${config.extends}'`);
  }
  const sections: SectionSpec[] | undefined = config.sections?.map((s) => ({
    title: s.title,
    aliases: s.aliases ?? [],
    role: s.role as SectionRole | undefined,
    required: s.required ?? false,
  }));
  const profile: Profile = {
    ...(base ?? { ordered: false, frontmatterRequired: false, separatesFactsAndHypotheses: false, sections: [] }),
    id: config.id,
    description: config.description ?? `Custom profile ${config.id}`,
    source: "config",
    sections: sections ?? base?.sections ?? [],
    ordered: config.ordered ?? base?.ordered ?? false,
    sectionDepth: config.sectionDepth ?? base?.sectionDepth,
    frontmatterRequired: config.frontmatterRequired ?? base?.frontmatterRequired ?? false,
    frontmatterSchema: config.frontmatter ?? base?.frontmatterSchema,
    separatesFactsAndHypotheses: config.separatesFactsAndHypotheses ?? base?.separatesFactsAndHypotheses ?? false,
  };
  return { profile, detectFrontmatter: config.detect?.frontmatter };
}
