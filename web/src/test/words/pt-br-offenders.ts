import { readFileSync } from 'node:fs'
import path from 'node:path'
import { deniedWordsIn } from './pt-br-denylist'
import { SRC_DIR } from './portal-sources'
import { visibleTexts } from './visible-text'

/** "file:line: “text” → instead" for each denied word in a source's visible texts. */
export function offendersInSource(source: string, fileName: string): string[] {
  return visibleTexts(source, fileName).flatMap(({ line, text }) =>
    deniedWordsIn(text).map((word) => `${fileName}:${line}: “${text.trim().replace(/\s+/g, ' ')}” → ${word.instead}`),
  )
}

/** The offenders of source files, named relative to src/. */
export function offendersInFiles(files: readonly string[]): string[] {
  return files.flatMap((file) => offendersInSource(readFileSync(path.join(SRC_DIR, file), 'utf8'), file))
}
