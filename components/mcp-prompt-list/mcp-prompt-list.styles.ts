import { itemListStyles } from '../shared/item-list.js'
import { themeStyles } from '../shared/theme.js'

export const styles = [themeStyles, itemListStyles]
