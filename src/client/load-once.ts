/**
 * `load` run once and its promise shared, unless it fails: a chunk that did
 * not load (a network blip, a deploy in between) is asked for again by the
 * next caller instead of failing every later call until a reload.
 */
export function loadOnce<T>(load: () => Promise<T>): { (): Promise<T>; /** What the load gave, once it has. */ loaded?: T } {
  let loading: Promise<T> | undefined
  const get: { (): Promise<T>; loaded?: T } = () =>
    (loading ??= load().then(
      (value) => (get.loaded = value),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  return get
}
