import { toast } from '@/components/ui/use-toast'

/** How long a copy's feedback lasts: the check mark and the toast (the spec's 3 s). */
export const COPY_FEEDBACK_MS = 3000
export const COPIED_TITLE = 'Copiado!'
export const COPY_FAILED_TITLE = 'Erro ao copiar'
export const COPY_FAILED_DESCRIPTION = 'Não foi possível copiar. Copie manualmente.'

/** Copies `text`; resolves false when the browser refuses (no permission, insecure page, no clipboard). */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/** The toast of a copy that worked ('Copiado!' unless a screen names what was copied, e.g. 'URL copiada!'), for 3 s. */
export function toastCopied(description?: string, title: string = COPIED_TITLE) {
  toast({ title, description, duration: COPY_FEEDBACK_MS })
}

/** The toast of a copy the browser refused ('Erro ao copiar'), for 3 s: the text stays on screen to copy by hand. */
export function toastCopyFailed(description: string = COPY_FAILED_DESCRIPTION) {
  toast({ variant: 'destructive', title: COPY_FAILED_TITLE, description, duration: COPY_FEEDBACK_MS })
}
