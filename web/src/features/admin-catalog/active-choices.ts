/** Ativo/Inativo as a select offers them (a select's value is a string: 'true' or 'false'). */
export const activeChoices = [
  { value: 'true', label: 'Ativo' },
  { value: 'false', label: 'Inativo' },
] as const

export function activeLabel(active: boolean): string {
  return active ? 'Ativo' : 'Inativo'
}
