/**
 * The config validator compiled ahead of time. Here there is none: src/3-check/engine/config.ts compiles
 * the schema with ajv on first use. scripts/bundle.mjs replaces this module in the bundle with
 * ajv's standalone code for {@link configValidationSchema} (https://ajv.js.org/standalone.html),
 * so a bundled run with a config file does not compile the schema.
 */
import type { ValidateFunction } from "ajv";

/** The precompiled validator of the config schema, or undefined when it is compiled at run time. */
export function precompiledConfigValidator(): ValidateFunction | undefined {
  return undefined;
}
