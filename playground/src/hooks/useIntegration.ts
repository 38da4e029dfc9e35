import { isRequestExpiredMessage } from 'latchkey/connectors/walletConnect'
import { useModal } from 'latchkey/react'
import { useCallback, useEffect, useRef } from 'react'
import type { EIP1193Provider } from 'viem'
import { useConfig, useConnection, useDisconnect, useSwitchChain } from 'wagmi'
import { bsc, mainnet } from 'wagmi/chains'

export interface IntegrationCallbacks {
  onConnect: (address: `0x${string}`, provider: EIP1193Provider) => void
  onAccountsChanged: (address: `0x${string}`) => void
  onDisconnect: () => void
  onError: (error: unknown) => void
  /** A WalletConnect request sent before the page reloaded, reported as expired. */
  onRequestExpired: (method: string) => void
}

export interface Integration {
  connect: () => void
  disconnect: () => void
  switchToBinance: (callback: (chainId: number) => void) => void
  switchToEthereum: (callback: (chainId: number) => void) => void
}

/**
 * The small integration of SPEC §1/§4, built only on Latchkey's public API and wagmi hooks:
 * connect opens the modal, disconnect ends the session, the switch actions change the active
 * network and then call the supplied callback; account changes are reported through callbacks.
 */
export function useIntegration(callbacks: IntegrationCallbacks): Integration {
  const ref = useRef(callbacks)
  ref.current = callbacks

  const { address, connector, status } = useConnection()
  const { open } = useModal()
  const { mutateAsync: disconnectAsync } = useDisconnect()
  const { mutateAsync: switchChainAsync } = useSwitchChain()

  // onAccountsChanged with each new address; onDisconnect when the address becomes empty.
  const lastAddress = useRef<string | undefined>(undefined)
  useEffect(() => {
    const previous = lastAddress.current
    lastAddress.current = address
    if (address === previous) return
    if (address) ref.current.onAccountsChanged(address)
    else if (previous) ref.current.onDisconnect()
  }, [address])

  // A request the page sent before a reload cannot be answered here: the connector says so.
  const { connectors } = useConfig()
  useEffect(() => {
    const stops = connectors.map((connector) => {
      const onMessage = (message: { type: string; data?: unknown }) => {
        if (isRequestExpiredMessage(message)) ref.current.onRequestExpired(message.data.method)
      }
      connector.emitter.on('message', onMessage)
      return () => connector.emitter.off('message', onMessage)
    })
    return () => {
      for (const stop of stops) stop()
    }
  }, [connectors])

  // onConnect once a provider is subscribed for the connected connector.
  const subscribed = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (status !== 'connected' || !connector || !address) {
      if (status === 'disconnected') subscribed.current = undefined
      return
    }
    const key = `${connector.uid}:${address}`
    if (subscribed.current === key) return
    subscribed.current = key
    let cancelled = false
    connector
      .getProvider()
      .then((provider) => {
        if (!cancelled) ref.current.onConnect(address, provider as EIP1193Provider)
      })
      .catch((error: unknown) => ref.current.onError(error))
    return () => {
      cancelled = true
      if (subscribed.current === key) subscribed.current = undefined
    }
  }, [address, connector, status])

  const switchTo = useCallback(
    (chainId: number, callback: (chainId: number) => void) => {
      switchChainAsync({ chainId: chainId as typeof mainnet.id | typeof bsc.id })
        .then((chain) => callback(chain.id))
        .catch((error: unknown) => ref.current.onError(error))
    },
    [switchChainAsync],
  )

  return {
    connect: useCallback(() => open(), [open]),
    disconnect: useCallback(() => {
      disconnectAsync().catch((error: unknown) => ref.current.onError(error))
    }, [disconnectAsync]),
    switchToBinance: useCallback((callback) => switchTo(bsc.id, callback), [switchTo]),
    switchToEthereum: useCallback((callback) => switchTo(mainnet.id, callback), [switchTo]),
  }
}
