import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { isFinalOnrampStatus, type OnrampSession } from '../../src/onramp/onrampTypes'
import { type OnrampHookParameters, useOnrampClient } from '../onramp/useOnrampSetup'
import { useAccountDataClient } from '../useAccountDataClient'
import { type ClientQueryResult, useClientQuery } from '../useClientQuery'

/** Parameters of {@link useOnrampStatus}. */
export interface UseOnrampStatusParameters extends OnrampHookParameters {
  /** How often a purchase not yet final is read again, in ms. @default 2_000 */
  pollIntervalMs?: number | undefined
}

/** What {@link useOnrampStatus} returns: the purchase as the server has it now. */
export type UseOnrampStatusReturnType = ClientQueryResult<OnrampSession, Error>

/**
 * A purchase's status, read every 2 s until it is final (`completed` or `failed`; the server
 * moves it on the provider's signed webhooks only). Once completed, the account's balances and
 * activity are read again, so the bought tokens show.
 * @example const { data: session } = useOnrampStatus(id) // session.status, session.txHash
 */
export function useOnrampStatus(
  id: string | undefined,
  parameters: UseOnrampStatusParameters = {},
): UseOnrampStatusReturnType {
  const client = useOnrampClient(parameters)
  const queryClient = useQueryClient()
  const dataClient = useAccountDataClient({})
  const result = useClientQuery<OnrampSession, Error>(
    ['latchkey', 'onrampSession', client?.url ?? null, id ?? null],
    client !== undefined && id !== undefined,
    () => {
      if (!client || !id) throw new TypeError('unreachable: the query is disabled')
      return client.session(id)
    },
    0,
  )
  const final = result.data !== undefined && isFinalOnrampStatus(result.data.status)
  const interval = parameters.pollIntervalMs ?? 2_000
  const { refetch } = result
  useEffect(() => {
    if (!client || !id || final) return
    const timer = setInterval(() => void refetch(), interval)
    return () => clearInterval(timer)
  }, [client, id, final, interval, refetch])

  // the tokens arrived: read the balances again (once per purchase)
  const refreshed = useRef<string | undefined>(undefined)
  const session = result.data
  useEffect(() => {
    if (session?.status !== 'completed' || refreshed.current === session.id) return
    refreshed.current = session.id
    void (async () => {
      await dataClient
        .getTokenBalances({ address: session.address, chainId: session.chainId, fresh: true })
        .catch(() => {})
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['latchkey', 'tokenBalances'] }),
        queryClient.invalidateQueries({ queryKey: ['latchkey', 'swapBalances'] }),
        queryClient.invalidateQueries({ queryKey: ['latchkey', 'activity'] }),
        queryClient.refetchQueries({ queryKey: ['latchkey', 'nativeBalance'] }),
      ])
    })()
  }, [session, dataClient, queryClient])
  return result
}
