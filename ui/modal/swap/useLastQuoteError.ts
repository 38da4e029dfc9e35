import { useRef } from 'react'

/**
 * The quote's error, kept while the same request is asked again: a read with no answer loses its
 * error when it starts again (TanStack puts it back to pending), so the 10 s refresh of a refused
 * quote would blink the message away and say "Getting a quote…" each time. Cleared by an answer
 * or another request.
 */
export function useLastQuoteError(
  error: Error | null,
  answered: boolean,
  request: string,
): Error | null {
  const last = useRef<{ request: string; error: Error } | undefined>(undefined)
  if (error) last.current = { request, error }
  else if (answered || last.current?.request !== request) last.current = undefined
  return error ?? last.current?.error ?? null
}
