import { z } from 'zod'
import type { Logger } from '../logger'

/** US dollar prices by CAIP id (`eip155:1` for a native currency, `eip155:1:0x…` for a token). */
export interface PriceSource {
  /** The price API's prices of `ids` it knows (cached for `ttlMs`); none when it fails. */
  prices(ids: readonly string[]): Promise<Map<string, number>>
}

/** A price API's answer: every entry that is not a positive finite number is dropped. */
const answerSchema = z.record(z.string(), z.unknown())

/** Largest price answer read. */
const maxAnswerBytes = 1024 * 1024

/**
 * The price API the operator runs (`priceUrl`), asked for the ids not cached: `GET
 * <url>?ids=a,b` answering `{ "a": 1.5 }`. A failure, a timeout or a malformed answer gives no
 * prices (a warning is logged), never a made-up one; the next call asks again. Without a URL,
 * no prices.
 */
export function createPriceSource(settings: {
  url?: string | undefined
  ttlMs: number
  timeoutMs: number
  logger: Logger
  now(): number
}): PriceSource {
  const cache = new Map<string, { price: number | undefined; until: number }>()

  /** The API's prices of `ids`, or why there are none. */
  async function ask(url: URL, ids: readonly string[]): Promise<Map<string, number> | string> {
    const found = new Map<string, number>()
    url.searchParams.set('ids', ids.join(','))
    const response = await fetch(url, {
      signal: AbortSignal.timeout(settings.timeoutMs),
      redirect: 'error',
      headers: { accept: 'application/json' },
    })
    if (!response.ok) return `it answered ${response.status}`
    const text = await response.text()
    if (text.length > maxAnswerBytes) return 'its answer is too large'
    const answer = answerSchema.safeParse(JSON.parse(text))
    if (!answer.success) return 'its answer is not an object of prices'
    for (const id of ids) {
      const price = answer.data[id]
      if (typeof price === 'number' && Number.isFinite(price) && price > 0) found.set(id, price)
    }
    return found
  }

  return {
    async prices(ids) {
      const now = settings.now()
      const known = new Map<string, number>()
      const missing: string[] = []
      for (const id of new Set(ids)) {
        const cached = cache.get(id)
        if (cached && cached.until > now) {
          if (cached.price !== undefined) known.set(id, cached.price)
        } else missing.push(id)
      }
      if (!settings.url || missing.length === 0) return known
      const found = await ask(new URL(settings.url), missing).catch((error: unknown) =>
        error instanceof Error ? error.message : String(error),
      )
      if (typeof found === 'string')
        settings.logger.warn(
          `Prices: ${settings.url} could not be read (${found}); balances go out without its prices.`,
        )
      else
        for (const id of missing) {
          const price = found.get(id)
          cache.set(id, { price, until: now + settings.ttlMs })
          if (price !== undefined) known.set(id, price)
        }
      return known
    },
  }
}
