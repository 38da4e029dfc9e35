import { BlockList } from 'node:net'
import { OptionsValidationError } from '../../src/errors/OptionsValidationError'
import { normalizeIp } from './ipAddress'

/** Whether a (normalised) address is one of the trusted proxies. */
export type TrustedProxies = (address: string) => boolean

const cache = new WeakMap<readonly string[], TrustedProxies>()

function parseEntry(list: BlockList, entry: string): void {
  const [host = '', prefix, extra] = entry.trim().split('/')
  const address = normalizeIp(host)
  const family = address?.includes(':') ? 'ipv6' : 'ipv4'
  const bits = prefix === undefined ? undefined : Number(prefix)
  const max = family === 'ipv6' ? 128 : 32
  if (
    !address ||
    extra !== undefined ||
    (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= max && prefix !== ''))
  )
    throw new OptionsValidationError({
      option: 'trustProxy',
      reason: `"${entry}" is not an IP address or CIDR like 10.0.0.0/8 or fd00::/8.`,
    })
  if (bits === undefined) list.addAddress(address, family)
  else list.addSubnet(address, bits, family)
}

/**
 * The trusted-proxy test of the `trustProxy` option: `true` trusts every hop, `false` none, a
 * list its addresses and CIDRs. Throws `OptionsValidationError` on an entry that is neither.
 */
export function trustedProxies(trustProxy: boolean | readonly string[]): TrustedProxies {
  if (trustProxy === true) return () => true
  if (trustProxy === false || trustProxy.length === 0) return () => false
  const cached = cache.get(trustProxy)
  if (cached) return cached
  const list = new BlockList()
  for (const entry of trustProxy) parseEntry(list, entry)
  const test: TrustedProxies = (address) =>
    list.check(address, address.includes(':') ? 'ipv6' : 'ipv4')
  cache.set(trustProxy, test)
  return test
}
