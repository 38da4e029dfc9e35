import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { getAddress, isAddress } from 'viem'
import { useChains } from 'wagmi'
import { getEvmNetworkBadge } from '../../src/networkIcons'
import { useConnection } from '../useConnection'

/** A network the connected address receives on (one of the app's chains). */
export interface ReceiveNetwork {
  chainId: number
  /** CAIP-2, e.g. `eip155:56`. */
  caipNetworkId: `eip155:${number}`
  name: string
  /** Latchkey's network image id, when it has one. */
  imageId?: string | undefined
  color?: string | undefined
}

/** What {@link useReceive} returns. */
export interface UseReceiveReturnType {
  /** The connected address, checksummed; undefined when not connected. */
  address: `0x${string}` | undefined
  /**
   * What the QR code encodes: the plain checksummed address (what wallets' scanners expect, no
   * `ethereum:` URI that some misread); undefined when not connected.
   */
  qrValue: string | undefined
  /** The app's chains: every one is eip155, so the one address works on each. */
  networks: ReceiveNetwork[]
  /** wagmi's connection status. */
  status: ReturnType<typeof useConnection>['status']
  /** Puts the address on the clipboard; resolves true once it is there, false when it failed. */
  copy(): Promise<boolean>
  /** `copied` or `failed` for 2 s after a copy, else `idle`. */
  copyStatus: 'idle' | 'copied' | 'failed'
}

/** How long `copyStatus` says what the last copy did. */
const copyStatusMs = 2_000

/**
 * Headless data of the Receive view: the connected address, the text its QR code holds, the
 * networks it works on and a copy action. The modal's Receive view is built on it.
 * @example
 * const { address, qrValue, networks, copy, copyStatus } = useReceive()
 */
export function useReceive(): UseReceiveReturnType {
  const { address: connected, status } = useConnection()
  const chains = useChains()
  const address = connected && isAddress(connected) ? getAddress(connected) : undefined
  const [copyStatus, setCopyStatus] = useState<UseReceiveReturnType['copyStatus']>('idle')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const networks = useMemo(
    () =>
      chains.map((chain): ReceiveNetwork => {
        const badge = getEvmNetworkBadge(chain.id)
        return {
          chainId: chain.id,
          caipNetworkId: `eip155:${chain.id}`,
          name: badge?.name ?? chain.name,
          imageId: badge?.imageId,
          color: badge?.color,
        }
      }),
    [chains],
  )
  const copy = useCallback(async () => {
    const clipboard = globalThis.navigator?.clipboard
    let copied = false
    if (address && clipboard)
      copied = await clipboard.writeText(address).then(
        () => true,
        () => false,
      )
    if (!address) return false
    setCopyStatus(copied ? 'copied' : 'failed')
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setCopyStatus('idle'), copyStatusMs)
    return copied
  }, [address])
  return { address, qrValue: address, networks, status, copy, copyStatus }
}
