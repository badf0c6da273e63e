/**
 * What the uploads accept, checked in the browser before sending so a wrong file is refused at once with the
 * server's own words (the server checks again, by content).
 */

const MB = 1024 * 1024

export const IMAGE_MAX_BYTES = 5 * MB
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/svg+xml', 'image/webp'] as const
/** For the file input's `accept`. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',')
export const IMAGE_TYPE_MESSAGE = 'Tipo de arquivo não permitido. Use: PNG, JPEG, SVG ou WEBP'
export const IMAGE_SIZE_MESSAGE = 'Arquivo muito grande. Tamanho máximo: 5MB'
/** The fallback text of a failed image upload. */
export const IMAGE_UPLOAD_FAILED = 'Erro ao fazer upload da imagem'

const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'svg', 'webp']

function extensionOf(name: string): string {
  return name.includes('.') ? name.split('.').pop()!.toLowerCase() : ''
}

/** Why a logo or favicon cannot be sent, or null when it can. A file without a type is judged by its extension. */
export function imageFileProblem(file: File): string | null {
  const typeOk = file.type ? (IMAGE_TYPES as readonly string[]).includes(file.type) : IMAGE_EXTENSIONS.includes(extensionOf(file.name))
  if (!typeOk) return IMAGE_TYPE_MESSAGE
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_SIZE_MESSAGE
  return null
}

export const ROBOT_FILE_MAX_BYTES = 50 * MB
export const ROBOT_FILE_ACCEPT = '.ex5,.zip'
export const ROBOT_FILE_TYPE_MESSAGE = 'Arquivo inválido: envie o robô compilado (.ex5) ou um .zip'
export const ROBOT_FILE_SIZE_MESSAGE = 'Arquivo muito grande. Tamanho máximo: 50MB'

/** Why a robot version file cannot be sent (.ex5 or .zip, up to 50 MB), or null when it can. */
export function robotFileProblem(file: File): string | null {
  if (!['ex5', 'zip'].includes(extensionOf(file.name))) return ROBOT_FILE_TYPE_MESSAGE
  if (file.size > ROBOT_FILE_MAX_BYTES) return ROBOT_FILE_SIZE_MESSAGE
  return null
}
