import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

export const SRC_DIR = path.resolve(import.meta.dirname, '../..')

const IMPORT_PATTERN = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g
const EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts']

/** The source file an import names, when it is one of ours (the `@/` alias or a relative path) and not data. */
function resolveImport(fromFile: string, specifier: string): string | null {
  let base: string
  if (specifier.startsWith('@/')) base = path.join(SRC_DIR, specifier.slice(2))
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier)
  else return null
  if (/\.(tsx?)$/.test(base) && existsSync(base)) return base
  for (const extension of EXTENSIONS) {
    const candidate = base + extension
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

/**
 * Every source file a portal runs, from its root (e.g. `portals/tenant/tenant-portal.tsx`), following static and
 * lazy imports: its pages, the features and shared components they render, the labels they show. Paths are
 * relative to src/.
 */
export function portalSources(...roots: string[]): string[] {
  const seen = new Set<string>()
  const pending = roots.map((root) => path.join(SRC_DIR, root))
  while (pending.length > 0) {
    const file = pending.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT_PATTERN)) {
      const target = resolveImport(file, match[1]!)
      if (target && !seen.has(target)) pending.push(target)
    }
  }
  return [...seen].map((file) => path.relative(SRC_DIR, file)).sort()
}
