/*
 * A tenant's object-storage use against its quota, as the admin's limits dialog and the owner's settings show it.
 * Megabytes are binary (1 MB = 1024 × 1024 bytes), as the server counts them in its refusals
 * ("Limite de armazenamento atingido: 12,5 MB de 100,0 MB usados").
 */

const MEGABYTE = 1024 * 1024

/** Past this share of the quota the owner is warned (uploads still go through until it is full). */
export const STORAGE_WARNING_PERCENT = 90

const megabyteFormatter = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })
const countFormatter = new Intl.NumberFormat('pt-BR')

/**
 * Bytes as megabytes, one decimal at most: "12,5 MB", "500 MB", "1.024 MB". A few bytes read "< 0,1 MB", so a
 * tenant with files never reads as empty.
 */
export function formatMegabytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 MB'
  const megabytes = bytes / MEGABYTE
  if (megabytes < 0.05) return '< 0,1 MB'
  return `${megabyteFormatter.format(megabytes)} MB`
}

/** "1 arquivo", "3 arquivos", "1.250 arquivos". */
export function formatFileCount(files: number): string {
  return `${countFormatter.format(files)} ${files === 1 ? 'arquivo' : 'arquivos'}`
}

/** "12,5 MB de 500 MB". */
export function formatStorageAmounts(usedBytes: number, quotaBytes: number): string {
  return `${formatMegabytes(usedBytes)} de ${formatMegabytes(quotaBytes)}`
}

/**
 * How full the quota is, 0 to 100 (a quota set below what is stored reads 100). A zero quota is full as soon as
 * anything is stored.
 */
export function storagePercent(usedBytes: number, quotaBytes: number): number {
  if (quotaBytes <= 0) return usedBytes > 0 ? 100 : 0
  return Math.min(100, Math.max(0, (usedBytes / quotaBytes) * 100))
}

/** More than 90 % of the quota is in use. */
export function nearStorageLimit(usedBytes: number, quotaBytes: number): boolean {
  return storagePercent(usedBytes, quotaBytes) > STORAGE_WARNING_PERCENT
}
