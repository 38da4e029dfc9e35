import { useCallback, useState } from 'react'

export interface EventLog {
  lines: readonly string[]
  append: (line: string) => void
  clear: () => void
}

/** The integration's callback log, newest last (shown in `pg-log`). */
export function useEventLog(): EventLog {
  const [lines, setLines] = useState<readonly string[]>([])
  const append = useCallback((line: string) => setLines((prev) => [...prev, line]), [])
  const clear = useCallback(() => setLines([]), [])
  return { lines, append, clear }
}
