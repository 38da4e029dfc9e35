import type { UniversalProviderInstance } from '../universalProviderInstance'

/**
 * universal-provider 2.21.8 starts on `client.session.getAll()[0]`, whatever it is. With Solana
 * sessions of the sign client beside the EVM connector's, that may be a Solana one: the EVM
 * connector would then take it for its own (and end it, its flag naming another topic). Put the
 * flagged session in its place, else none unless the first one has eip155 accounts.
 */
export async function pickEvmSession(
  universal: UniversalProviderInstance,
  flagTopic: string | undefined,
): Promise<void> {
  const sessions = universal.client.session.getAll()
  const flagged = flagTopic ? sessions.find((session) => session.topic === flagTopic) : undefined
  const current = universal.session
  const hasEip155 = (current?.namespaces.eip155?.accounts.length ?? 0) > 0
  const wanted = flagged ?? (hasEip155 ? current : undefined)
  if (wanted?.topic === current?.topic) return
  universal.session = wanted
  // its namespaces and sub-providers are stored per topic: read them again for the new one
  const reload = (universal as unknown as { checkStorage(): Promise<void> }).checkStorage
  if (wanted) await reload.call(universal)
}
