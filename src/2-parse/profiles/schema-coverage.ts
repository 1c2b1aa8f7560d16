/**
 * Whether a profile's frontmatter JSON Schema already checks a field, so a more specific rule
 * does not report the same problem twice (frontmatter-schema reports missing and malformed fields).
 */
import type { Profile } from "./profile.js";

interface ObjectSchema {
  required?: unknown;
  properties?: Record<string, unknown>;
}

/** The profile's frontmatter schema requires `field`. */
export function schemaRequires(profile: Profile, field: string): boolean {
  const schema = profile.frontmatterSchema as ObjectSchema | undefined;
  return Array.isArray(schema?.required) && schema.required.includes(field);
}

/** The profile's frontmatter schema defines `field` (its type or pattern is checked there). */
export function schemaDefines(profile: Profile, field: string): boolean {
  const schema = profile.frontmatterSchema as ObjectSchema | undefined;
  return Boolean(schema?.properties && Object.hasOwn(schema.properties, field));
}
