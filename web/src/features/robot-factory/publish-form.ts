import type { VersionType } from './api/types'

/** The spec's explanation of each kind of version, shown as the owner chooses; labels in pt-BR, values as the API has them. */
export const versionTypeOptions: readonly { value: VersionType; label: string; explanation: string }[] = [
  { value: 'major', label: 'Principal', explanation: 'Mudanças significativas e incompatíveis com a versão anterior.' },
  { value: 'minor', label: 'Secundária', explanation: 'Novas funcionalidades, compatíveis com a versão anterior.' },
  { value: 'patch', label: 'Correção', explanation: 'Correções de bugs, sem mudar o funcionamento.' },
]

/** Most publications of an AI adjustment are a compatible change. */
export const DEFAULT_VERSION_TYPE: VersionType = 'minor'
