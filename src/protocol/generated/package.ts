/**
 * This package's name and version: the default clientInfo of every request.
 *
 * GENERATED FILE - DO NOT EDIT.
 * Source: package.json, by scripts/generate-types.ts. Regenerate with
 * `npm run generate`; `npm run check:generated` fails when this file is stale.
 */
export const PACKAGE_INFO = { name: 'mcp-web-elements', version: '0.1.0' }
