/**
 * The model writes markdown-ish text with the MQL5 in ``` fences. The conversation shows prose as text and each fence
 * as a code block; nothing else of markdown is interpreted (the text is the model's, never trusted as HTML).
 */
export type ContentPart = { kind: 'text'; text: string } | { kind: 'code'; language: string | null; code: string }

const FENCE = /^\s*```\s*([\w+#.-]*)\s*$/

/**
 * Splits `content` into prose and fenced code, in order. A fence left open (text still being streamed) runs to the
 * end, so code shows as code while it is written. Blank prose between blocks is dropped.
 */
export function splitFencedCode(content: string): ContentPart[] {
  const parts: ContentPart[] = []
  let prose: string[] = []
  let code: string[] | null = null
  let language: string | null = null

  const flushProse = () => {
    const text = prose.join('\n').trim()
    if (text) parts.push({ kind: 'text', text })
    prose = []
  }

  for (const line of content.split(/\r?\n/)) {
    const fence = FENCE.exec(line)
    if (code === null) {
      if (fence) {
        flushProse()
        code = []
        language = fence[1] || null
      } else {
        prose.push(line)
      }
    } else if (fence && fence[1] === '') {
      parts.push({ kind: 'code', language, code: code.join('\n') })
      code = null
      language = null
    } else {
      code.push(line)
    }
  }
  if (code !== null) parts.push({ kind: 'code', language, code: code.join('\n') })
  else flushProse()
  return parts
}
