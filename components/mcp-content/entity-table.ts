// The HTML standard's named character references, for named-references.ts: a module of its own so the
// bundlers make it a lazy chunk with a name that says what it is.
export { characterEntities } from 'character-entities'
