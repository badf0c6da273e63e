import { useEffect, useState } from 'react'

/** This machine's time, read again every `intervalMs`: what makes a relative time ("há 2 min") or a progress move on its own. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
