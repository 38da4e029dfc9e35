import { useCallback, useEffect, useState } from 'react'
import { useConfig } from 'wagmi'
import { connect } from 'wagmi/actions'
import { toEmbeddedError } from '../../../src/embeddedWallet/toEmbeddedError'
import type { BaseError } from '../../../src/errors/base'
import { getCurrentRoute } from '../../../src/machines/router'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useEmbeddedWallet } from './useEmbeddedWallet'

/** Where a Farcaster login stands (SPEC §3 "Farcaster: uri, then userName"). */
export type FarcasterLoginState =
  | { status: 'starting' }
  | { status: 'waiting'; uri: string }
  | { status: 'connecting'; uri: string; userName: string }
  | { status: 'connected'; userName: string }
  | { status: 'error'; error: BaseError }

/**
 * The Farcaster login of the ConnectingFarcaster view (SPEC §4 "get the URI, then connect"): a
 * relay channel's URL for the QR code and the link, then the wait for the visitor's signature,
 * then wagmi's connect and Account. Leaving the view before that aborts the wait: the URL is
 * dropped and the frame reloaded 100 ms later (SPEC §2). `retry` starts a new channel.
 */
export function useFarcasterLogin(): { state: FarcasterLoginState; retry(): void } {
  const wallet = useEmbeddedWallet()
  const config = useConfig()
  const { router } = useLatchkeyContext()
  const [state, setState] = useState<FarcasterLoginState>({ status: 'starting' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!wallet) return
    void attempt
    const controller = new AbortController()
    let live = true
    let done = false
    setState({ status: 'starting' })
    const run = async () => {
      let shown: string | undefined
      const { userName } = await wallet.api.connectFarcaster({
        onUri(uri) {
          shown = uri
          if (live) setState({ status: 'waiting', uri })
        },
        signal: controller.signal,
      })
      done = true
      if (!live) return
      setState({ status: 'connecting', uri: shown ?? '', userName })
      await connect(config, { connector: wallet.connector })
      if (!live) return
      setState({ status: 'connected', userName })
      // as after a social login: Account, unless the sign-in prompt took the modal over
      if (getCurrentRoute(router.getState()).view === 'ConnectingFarcaster') router.reset('Account')
    }
    run().catch((error: unknown) => {
      if (live) setState({ status: 'error', error: toEmbeddedError(error) })
    })
    return () => {
      live = false
      if (!done) controller.abort()
    }
  }, [wallet, config, router, attempt])

  const retry = useCallback(() => setAttempt((count) => count + 1), [])
  return { state, retry }
}
