// Date and time inputs show the user's time zone; JSON Schema's `date-time` and `time` formats want RFC 3339 with an offset.

/** "2025-03-04T05:06" (a datetime-local input, the user's time zone) → RFC 3339 with the zone's offset. */
export function fromLocalDateTime(local: string): string {
  if (!local) return ''
  const date = new Date(local)
  if (Number.isNaN(date.getTime())) return local
  return `${local.length === 16 ? `${local}:00` : local}${zoneOffset(date)}`
}

/** "05:06" (a time input, the user's time zone, today's offset) → RFC 3339 full-time, as JSON Schema's `time` format wants. */
export function fromLocalTime(local: string): string {
  if (!/^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(local)) return local
  return `${local.length === 5 ? `${local}:00` : local}${zoneOffset(new Date())}`
}

/** The RFC 3339 offset of the user's time zone at `date`: "Z", "+02:00" … */
function zoneOffset(date: Date): string {
  const offset = -date.getTimezoneOffset()
  if (offset === 0) return 'Z'
  const abs = Math.abs(offset)
  return `${offset > 0 ? '+' : '-'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

/** An RFC 3339 date-time → what a datetime-local input shows, in the user's time zone. */
export function toLocalDateTime(value: string): string {
  if (!value) return ''
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const local = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
  return date.getSeconds() ? `${local}:${pad(date.getSeconds())}` : local
}

const pad = (n: number) => String(n).padStart(2, '0')
