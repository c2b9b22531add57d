import type { TemplateResult, nothing } from 'lit'
import type { FieldError } from '../../../src/schema/form-checks.js'
import type { Field, ObjectField } from '../../../src/schema/form-model.js'

/** How a field is drawn where it sits: its label may come from its parent (array items, variant branches). */
export interface Placement {
  label: string
  /** Inside a variant: consts (the discriminator) are not shown, the chooser says it. */
  inVariant?: boolean
}

/** A key/value editor's keys in row order, kept by object path while they are being typed (empty or taken ones too). */
export interface EntryRow {
  field: ObjectField
  keys: string[]
}

/**
 * What the field renderers read from the form element and do to it. The
 * element keeps the state (the value, the errors, the choices made) and hands
 * this to the renderers, which hold none of their own.
 */
export interface FieldHost {
  /** The value being edited at a JSON Pointer. */
  valueAt(path: string): unknown
  /** This render's errors for the field at `path`. */
  errorsAt(path: string): FieldError[] | undefined
  /** Draws any field; the containers (objects, lists, variants) draw their children through it. */
  field(field: Field, path: string, placement: Placement): TemplateResult | typeof nothing
  /** Sets the value at `path`, as the user's edit. */
  set(path: string, next: unknown): void
  /** The control (by id) to focus after the next update, e.g. after a reorder. */
  focusAfterUpdate(id: string): void
  requestUpdate(): void
  /** The variant each chooser shows, by path, when the value alone cannot say (e.g. nothing filled in yet). */
  readonly choices: Map<string, number>
  /** JSON editor texts of `json` fields, by path, kept while they do not parse. */
  readonly drafts: Map<string, string>
  /** Key/value editors' rows, by object path. */
  readonly entryRows: Map<string, EntryRow>
}
