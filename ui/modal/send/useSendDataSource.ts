import { useModalCore } from '../../context/useModalCore'
import type { AccountDataParameters } from '../../useAccountDataClient'

const none: AccountDataParameters = {}

/**
 * Where the send views read token balances and names and record sends: the host's `chainData`
 * option when it has one (the same source as the Account tabs, so a send shows in Activity),
 * else the chain itself and the modal's own activity list.
 */
export function useSendDataSource(): AccountDataParameters {
  const { options } = useModalCore()
  // `chainData` is the Account tabs' option; read without a static type so either lands first
  const source = (options as { chainData?: AccountDataParameters | undefined }).chainData
  return source ?? none
}
