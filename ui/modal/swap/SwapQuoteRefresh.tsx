import { useEffect, useState } from 'react'
import { swapQuoteRefreshMs } from '../../hooks/useSwapQuote'
import { RetryIcon } from '../icons'
import { tSwap } from './tSwap'

/**
 * The quote's refresh button: a ring that fills until the next automatic quote (every 10 s), a
 * click asks at once; it spins while a quote is on its way.
 */
export function SwapQuoteRefresh({
  updatedAt,
  fetching,
  onRefresh,
}: {
  updatedAt: number
  fetching: boolean
  onRefresh(): void
}) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500)
    return () => clearInterval(timer)
  }, [])
  const progress = updatedAt ? Math.min(1, Math.max(0, (now - updatedAt) / swapQuoteRefreshMs)) : 0
  const circumference = 2 * Math.PI * 9
  return (
    <button
      type="button"
      data-lk-swap-refresh=""
      data-state={fetching ? 'fetching' : undefined}
      data-testid="swap-refresh"
      aria-label={tSwap('swap.refresh')}
      title={tSwap('swap.refresh')}
      disabled={fetching}
      onClick={onRefresh}
    >
      <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">
        <circle cx="11" cy="11" r="9" data-track="" />
        <circle
          cx="11"
          cy="11"
          r="9"
          data-ring=""
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - progress)}
        />
      </svg>
      <RetryIcon size={12} />
    </button>
  )
}
