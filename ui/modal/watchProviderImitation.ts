interface Announced {
  provider: unknown
  name: string
  rdns: string
  icon: string
}

const watching = Symbol.for('latchkey.watchProviderImitation')

/**
 * Flags EIP-6963 imitation (plan E2): a second announcement that reuses an earlier `uuid` with
 * another provider or other info is ignored (wagmi keeps the first, as EIP-6963 advises) and a
 * warning naming both is logged once per uuid. Listens from the first call on and asks every
 * wallet to announce again, so wallets announced before the modal chunk loaded are seen too.
 * @example watchProviderImitation()
 */
export function watchProviderImitation(): void {
  if (typeof window === 'undefined') return
  const w = window as unknown as Record<symbol, boolean | undefined>
  if (w[watching]) return
  w[watching] = true
  const seen = new Map<string, Announced>()
  const warned = new Set<string>()
  window.addEventListener('eip6963:announceProvider', (event) => {
    const detail = (
      event as CustomEvent<{ info?: Partial<Announced> & { uuid?: unknown }; provider?: unknown }>
    ).detail
    const uuid = detail?.info?.uuid
    if (typeof uuid !== 'string') return
    const next: Announced = {
      provider: detail.provider,
      name: String(detail.info?.name ?? ''),
      rdns: String(detail.info?.rdns ?? ''),
      icon: String(detail.info?.icon ?? ''),
    }
    const first = seen.get(uuid)
    if (!first) {
      seen.set(uuid, next)
      return
    }
    const same =
      first.provider === next.provider &&
      first.name === next.name &&
      first.rdns === next.rdns &&
      first.icon === next.icon
    if (same || warned.has(uuid)) return
    warned.add(uuid)
    console.warn(
      `[latchkey] EIP-6963: "${next.name}" (${next.rdns}) reuses the uuid ${uuid} of "${first.name}" (${first.rdns}) with another provider or info; the later announcement is ignored.`,
    )
  })
  window.dispatchEvent(new Event('eip6963:requestProvider'))
}
