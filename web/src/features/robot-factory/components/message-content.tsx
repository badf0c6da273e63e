import { splitFencedCode } from '../fenced-code'

/** A message's text: prose as written (line breaks kept), each ``` fence as a scrollable code block. */
export function MessageContent({ content }: { content: string }) {
  return (
    <div className="grid min-w-0 gap-2 text-sm">
      {splitFencedCode(content).map((part, index) =>
        part.kind === 'text' ? (
          <p key={index} className="break-words whitespace-pre-wrap">
            {part.text}
          </p>
        ) : (
          // Focusable so a keyboard can scroll a long block sideways and down.
          <pre
            key={index}
            tabIndex={0}
            role="region"
            aria-label={part.language ? `Código ${part.language}` : 'Código'}
            className="max-h-96 overflow-auto rounded-md bg-muted p-3 font-mono text-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
          >
            <code data-language={part.language ?? undefined}>{part.code}</code>
          </pre>
        ),
      )}
    </div>
  )
}
