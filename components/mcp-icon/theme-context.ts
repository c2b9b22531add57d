/**
 * The theme an enclosing element asks for (`<mcp-server theme="dark">`),
 * provided through `@lit/context` to the `<mcp-icon>`s inside it, however
 * deep and through whichever lists: an icon picks the variant made for that
 * background. Undefined: the user's `prefers-color-scheme` decides.
 */
import { createContext } from '@lit/context'

export const themeContext = createContext<'light' | 'dark' | undefined>(Symbol.for('mcp-web-elements.theme'))
