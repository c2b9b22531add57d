/**
 * Bounds on server-supplied JSON Schemas. A hostile schema (deep nesting,
 * thousands of composition branches) must not be able to hang the page, so
 * anything past these is refused with a SchemaError instead of walked.
 */
export const SCHEMA_LIMITS = {
  /** Nesting depth of subschemas. */
  maxDepth: 64,
  /** Total subschemas in one schema. */
  maxNodes: 5_000,
  /** Length of one `pattern` regular expression. */
  maxPatternLength: 1_000,
}
