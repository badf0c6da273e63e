/** Characters Windows refuses in a file name (MetaEditor runs on Windows), and control characters. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f]/g

/** The .mq5 file name of a robot's source: its name with characters no file name may hold replaced. */
export function mq5FileName(robotName: string): string {
  const base = robotName
    .replace(FORBIDDEN, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.mq5$/i, '')
    // Windows drops trailing dots and spaces, which would change the name the admin sees.
    .replace(/[. ]+$/, '')
  return `${base || 'robo'}.mq5`
}

/** Hands the source to the browser as a UTF-8 .mq5 download (MetaEditor reads UTF-8). */
export function mq5Blob(sourceCode: string): Blob {
  return new Blob([sourceCode], { type: 'text/plain;charset=utf-8' })
}
