import type { PoolStats } from '../storage/storage'

// Prometheus' text exposition format (version 0.0.4), written by hand: four metric families do
// not need a client library. Labels are route patterns, methods, statuses and error-free names:
// never a path, an address, an email or anything a visitor typed.

/** What the server counts; rendered by `render` at GET /metrics. */
export interface Metrics {
  /** One answered request: its method, route pattern (`/v1/account/:address/balance`), status, time. */
  request(method: string, route: string, status: number, seconds: number): void
  /** A request refused by a rate limit or lockout (429). */
  rateLimited(route: string): void
  /** A signature made by the server with a wallet key it holds. */
  signed(chain: 'evm' | 'solana', method: string): void
  /** Requests being handled now. */
  inFlight: { value: number }
  /** The text exposition of every metric, with the database pools' use now. */
  render(pools: readonly PoolStats[]): string
}

/** Latency buckets in seconds (Prometheus' defaults). */
const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const methods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
}

function labels(entries: Record<string, string>): string {
  const text = Object.entries(entries)
    .map(([name, value]) => `${name}="${escapeLabel(value)}"`)
    .join(',')
  return text ? `{${text}}` : ''
}

/** A counter family keyed by its label set. */
function counter() {
  const values = new Map<string, { labels: Record<string, string>; value: number }>()
  return {
    add(entry: Record<string, string>, by = 1) {
      const key = JSON.stringify(entry)
      const found = values.get(key) ?? { labels: entry, value: 0 }
      found.value += by
      values.set(key, found)
    },
    lines: (name: string) =>
      [...values.values()].map((each) => `${name}${labels(each.labels)} ${each.value}`),
  }
}

function family(name: string, type: string, help: string, lines: string[]): string[] {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...lines]
}

/** A new, empty set of the server's metrics (one per server: no module state). */
export function createMetrics(): Metrics {
  const requests = counter()
  const refused = counter()
  const signatures = counter()
  const histograms = new Map<string, { counts: number[]; sum: number; count: number }>()
  const inFlight = { value: 0 }
  return {
    inFlight,
    request(method, route, status, seconds) {
      const shownMethod = methods.has(method) ? method : 'OTHER'
      requests.add({ method: shownMethod, route, status: String(status) })
      const histogram = histograms.get(route) ?? {
        counts: buckets.map(() => 0),
        sum: 0,
        count: 0,
      }
      buckets.forEach((bound, index) => {
        if (seconds <= bound) histogram.counts[index] = (histogram.counts[index] ?? 0) + 1
      })
      histogram.sum += seconds
      histogram.count++
      histograms.set(route, histogram)
    },
    rateLimited: (route) => refused.add({ route }),
    signed: (chain, method) => signatures.add({ chain, method }),
    render(pools) {
      const latency = [...histograms.entries()].flatMap(([route, histogram]) => [
        ...buckets.map(
          (bound, index) =>
            `latchkey_http_request_duration_seconds_bucket${labels({ route, le: String(bound) })} ${histogram.counts[index]}`,
        ),
        `latchkey_http_request_duration_seconds_bucket${labels({ route, le: '+Inf' })} ${histogram.count}`,
        `latchkey_http_request_duration_seconds_sum${labels({ route })} ${histogram.sum}`,
        `latchkey_http_request_duration_seconds_count${labels({ route })} ${histogram.count}`,
      ])
      const poolLines = pools.flatMap((pool) => [
        `latchkey_db_pool_connections${labels({ pool: pool.name, state: 'in_use' })} ${pool.inUse}`,
        `latchkey_db_pool_connections${labels({ pool: pool.name, state: 'idle' })} ${pool.idle}`,
      ])
      const waiting = pools.map(
        (pool) => `latchkey_db_pool_waiting${labels({ pool: pool.name })} ${pool.waiting}`,
      )
      return `${[
        ...family(
          'latchkey_http_requests_total',
          'counter',
          'HTTP requests answered, by method, route pattern and status.',
          requests.lines('latchkey_http_requests_total'),
        ),
        ...family(
          'latchkey_http_request_duration_seconds',
          'histogram',
          'Time to answer a request, by route pattern.',
          latency,
        ),
        ...family('latchkey_http_requests_in_flight', 'gauge', 'Requests being handled now.', [
          `latchkey_http_requests_in_flight ${inFlight.value}`,
        ]),
        ...family(
          'latchkey_rate_limited_total',
          'counter',
          'Requests refused by a rate limit or lockout (429), by route pattern.',
          refused.lines('latchkey_rate_limited_total'),
        ),
        ...family(
          'latchkey_signatures_total',
          'counter',
          'Signatures made with a key the server holds, by chain family and method.',
          signatures.lines('latchkey_signatures_total'),
        ),
        ...(pools.length
          ? [
              ...family(
                'latchkey_db_pool_connections',
                'gauge',
                'Database pool connections, by pool and state (PostgreSQL).',
                poolLines,
              ),
              ...family(
                'latchkey_db_pool_waiting',
                'gauge',
                'Queries waiting for a database pool connection (PostgreSQL).',
                waiting,
              ),
            ]
          : []),
      ].join('\n')}\n`
    },
  }
}
