/**
 * The dapp side for tests: a plain `@walletconnect/sign-client` 2.21.8 asking for the
 * wallet's eip155 chains, pointed at the loopback relay.
 */
import { randomUUID } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes } from '@walletconnect/types'
import { disableVerify } from '../../connectors/walletConnect/disableVerify'
import { walletEvents, walletMethods } from './namespaces'

/** A dapp client and a way to start a pairing. */
export interface DappClient {
  client: InstanceType<typeof SignClient>
  /** Creates a pairing URI; `approval` resolves with the session once the wallet settles it. */
  connect(
    chainIds: number[],
  ): Promise<{ uri: string; approval: () => Promise<SessionTypes.Struct> }>
  stop(): Promise<void>
}

/** Starts a dapp-side sign client on `relayUrl`. */
export async function startDappClient(relayUrl: string): Promise<DappClient> {
  const client = await SignClient.init({
    projectId: '0'.repeat(32),
    relayUrl,
    customStoragePrefix: `wcdapp-${randomUUID()}`,
    telemetryEnabled: false,
    logger: 'silent',
    metadata: { name: 'Latchkey test dapp', description: '', url: 'http://127.0.0.1', icons: [] },
  })
  disableVerify(client.core)
  return {
    client,
    async connect(chainIds) {
      const { uri, approval } = await client.connect({
        optionalNamespaces: {
          eip155: {
            chains: chainIds.map((id) => `eip155:${id}`),
            methods: walletMethods,
            events: walletEvents,
          },
        },
      })
      if (!uri) throw new Error('sign client returned no pairing URI')
      return { uri, approval }
    },
    async stop() {
      await client.core.relayer.transportClose().catch(() => {})
      client.core.heartbeat.stop()
    },
  }
}
