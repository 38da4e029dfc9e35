/**
 * Records (and fails at once) every attempt to reach a host other than loopback: TCP
 * connects (ws, undici's fetch, http), DNS lookups and `fetch` calls. Tests assert the list
 * is empty, or holds only hosts known to fail fast.
 */
import dns from 'node:dns'
import net from 'node:net'

/** An attempt to leave the machine. */
export interface Escape {
  via: 'connect' | 'dns' | 'fetch'
  target: string
}

/** An installed guard. */
export interface NetworkGuard {
  escapes: Escape[]
  restore(): void
}

const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost', '::ffff:127.0.0.1'])

/** Whether a host name or address stays on this machine. */
export function isLoopback(host: string | undefined): boolean {
  if (host === undefined || host === '') return true
  const bare = host.replace(/^\[|\]$/g, '')
  return loopbackHosts.has(bare) || bare.startsWith('127.')
}

type ConnectArgs = Parameters<net.Socket['connect']>

function targetOf(args: unknown[]): { host: string | undefined; label: string } | undefined {
  const [first, second] = args
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: string; port?: number; path?: string }
    if (options.path !== undefined) return undefined
    return { host: options.host, label: `${options.host ?? 'localhost'}:${options.port}` }
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    const host = typeof second === 'string' ? second : undefined
    return { host, label: `${host ?? 'localhost'}:${first}` }
  }
  return undefined // a Unix socket path
}

/** Installs the guard on this process; `restore()` takes it off. */
export function installNetworkGuard(): NetworkGuard {
  const escapes: Escape[] = []
  const connect = net.Socket.prototype.connect
  const lookup = dns.lookup
  const fetch = globalThis.fetch

  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const target = targetOf(args)
    if (target && !isLoopback(target.host)) {
      escapes.push({ via: 'connect', target: target.label })
      process.nextTick(() => this.destroy(new Error(`loopback guard: blocked ${target.label}`)))
      return this
    }
    return connect.apply(this, args as ConnectArgs)
  } as net.Socket['connect']

  dns.lookup = function guardedLookup(hostname: string, ...rest: unknown[]) {
    if (!isLoopback(hostname)) escapes.push({ via: 'dns', target: hostname })
    return (lookup as (...args: unknown[]) => unknown)(hostname, ...rest)
  } as typeof dns.lookup

  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (!isLoopback(url.hostname)) {
      escapes.push({ via: 'fetch', target: `${url.origin}${url.pathname}` })
      return Promise.reject(new TypeError(`loopback guard: blocked ${url.origin}`))
    }
    return fetch(input, init)
  }

  return {
    escapes,
    restore() {
      net.Socket.prototype.connect = connect
      dns.lookup = lookup
      globalThis.fetch = fetch
    },
  }
}
