/**
 * The "Save call" form as an element holds it: its chunk loaded when the user first opens it, then kept; each opening
 * puts focus in its name field.
 */
import type { ReactiveControllerHost } from 'lit'
import { type ChunkLoadError, lazyModule } from '../lazy-element.js'
import type { SaveCallForm } from './save-call-form.js'

const loadSaveCall = lazyModule(() => import('./save-call-form.js'))

export class LazySaveCallForm {
  /** The form, once its chunk has loaded. */
  form?: SaveCallForm

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {}

  /** Loads the form if it is not yet, then focuses its name field; `failed` hears why it did not load (offline, say). */
  open(failed: (error: ChunkLoadError) => void): void {
    const focus = () =>
      void this.host.updateComplete.then(() => this.host.shadowRoot?.querySelector<HTMLInputElement>('input[part=save-call-name]')?.focus())
    if (this.form) return focus()
    loadSaveCall().then(
      ({ SaveCallForm }) => {
        this.form ??= new SaveCallForm(this.host)
        this.host.requestUpdate()
        focus()
      },
      // lazyModule rejects with a ChunkLoadError only.
      (error: unknown) => failed(error as ChunkLoadError),
    )
  }
}
