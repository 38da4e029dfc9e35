import { isIP } from 'node:net'

/**
 * An IP address in one canonical spelling: IPv4 as dotted quad (IPv4-mapped IPv6 such as
 * `::ffff:1.2.3.4` becomes `1.2.3.4`), IPv6 as eight full lower-case hextets; a zone (`%eth0`)
 * and IPv6 brackets are dropped. Undefined when `text` is not an IP address.
 */
export function normalizeIp(text: string): string | undefined {
  const raw = text
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '')
  const family = isIP(raw)
  if (family === 4) return raw.split('.').map(Number).join('.')
  if (family !== 6) return undefined
  const hextets = expandIpv6(raw.toLowerCase())
  const isMapped = hextets.slice(0, 5).every((part) => part === 0) && hextets[5] === 0xffff
  if (isMapped) {
    const [high = 0, low = 0] = hextets.slice(6)
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
  }
  return hextets.map((part) => part.toString(16).padStart(4, '0')).join(':')
}

// Eight numbers from a valid IPv6 address (with `::` and an IPv4 tail allowed).
function expandIpv6(address: string): number[] {
  const toParts = (side: string): number[] => {
    if (!side) return []
    return side.split(':').flatMap((part) => {
      if (!part.includes('.')) return [Number.parseInt(part, 16)]
      const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number)
      return [(a << 8) | b, (c << 8) | d]
    })
  }
  const [head = '', tail] = address.split('::')
  if (tail === undefined) return toParts(head)
  const left = toParts(head)
  const right = toParts(tail)
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right]
}

/**
 * The rate-limit bucket of a client address: an IPv4 address itself, an IPv6 address's /64
 * (one subscriber usually holds a whole /64, so per-address buckets would be endless).
 */
export function addressBucket(text: string): string {
  const address = normalizeIp(text)
  if (!address) return text
  if (!address.includes(':')) return address
  return `${address.split(':').slice(0, 4).join(':')}::/64`
}
