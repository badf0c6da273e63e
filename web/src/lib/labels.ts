import type { StatusTone } from '@/components/data'

/*
 * How screens name the server's codes. The server sends plain strings, so a code a screen does not know yet
 * shows as it came (`labelOf`) instead of an empty cell.
 */

export interface Choice<Value extends string> {
  value: Value
  label: string
}

/** The options of a select, in the order of the labels' keys. */
export function choices<Value extends string>(labels: Record<Value, string>): Choice<Value>[] {
  return (Object.keys(labels) as Value[]).map((value) => ({ value, label: labels[value] }))
}

/** The label of a code, or the code itself when this screen does not know it. */
export function labelOf(labels: Readonly<Record<string, string>>, code: string): string {
  return Object.hasOwn(labels, code) ? labels[code]! : code
}

/** The tone of a code's badge; unknown codes are grey. */
export function toneOf(tones: Readonly<Record<string, StatusTone>>, code: string): StatusTone {
  return Object.hasOwn(tones, code) ? tones[code]! : 'secondary'
}
