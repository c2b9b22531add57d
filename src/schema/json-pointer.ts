/**
 * JSON Pointers (RFC 6901): the one decoder and encoder of the schema code and the elements. Only a value's own
 * properties are walked, so a pointer never reaches `__proto__` or `constructor`; a malformed percent-escape in a
 * `#` fragment resolves to nothing rather than throwing.
 */

/** A JSON Pointer token for a key: `~` and `/` escaped. */
export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1')
}

/** The keys of a JSON Pointer (`/a/0`, or as a `#` fragment, `#/a/0`); `''` and `'#'` are the whole value. */
export function pointerKeys(pointer: string): string[] {
  const path = pointer.replace(/^#/, '')
  if (!path) return []
  return path
    .replace(/^\//, '')
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/** `value`'s own property `key`, or undefined (never an inherited one such as `__proto__`). */
export const ownProperty = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined

/**
 * What a local `$ref` (`#`, `#/$defs/a`, percent-escaped as a URI fragment) points at within `root`; undefined
 * when it does not resolve, is not local, or is not a valid fragment.
 */
export function resolveLocalRef(root: unknown, ref: string): unknown {
  if (ref !== '#' && !ref.startsWith('#/')) return undefined
  let node = root
  for (const token of ref === '#' ? [] : ref.slice(2).split('/')) {
    let key: string
    try {
      key = decodeURIComponent(token)
    } catch {
      return undefined
    }
    node = ownProperty(node, key.replace(/~1/g, '/').replace(/~0/g, '~'))
  }
  return node
}
