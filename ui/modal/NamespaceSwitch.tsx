import type { LinkedSolanaWallet } from '../../connectors/solana/linkedSolanaWallet'
import type { LatchkeyNamespace } from '../../src/client/types'
import { useLatchkeyContext } from '../context/useLatchkeyContext'
import { t } from '../locales/t'
import { type Connection, useConnection } from '../useConnection'
import { useActiveNamespace } from './useActiveNamespace'

const namespaces = ['eip155', 'solana'] as const satisfies readonly LatchkeyNamespace[]

/** The Solana wallet of the embedded wallet the visitor is signed in with (SPEC §6: it is multi-namespace). */
function embeddedSolanaWallet(connection: Connection): string | undefined {
  const connector = connection.connector as
    | (Connection['connector'] & { solanaWallet?: Partial<LinkedSolanaWallet> })
    | undefined
  if (connection.status !== 'connected' || connector?.type !== 'embeddedWallet') return undefined
  const name = connector.solanaWallet?.name
  return typeof name === 'string' ? name : undefined
}

/**
 * Ethereum ⇄ Solana on Account, when the app has a `<SolanaProvider>`: the namespace shown
 * switches and both connections stay. A namespace with no wallet connected opens Connect; but
 * Solana, for a visitor signed in with the embedded wallet, is that wallet's Solana account,
 * connected at once (no prompt: the email login is the session).
 */
export function NamespaceSwitch() {
  const { router, setNamespace } = useLatchkeyContext()
  const active = useActiveNamespace()
  const connection = useConnection()
  if (!active.solana) return null
  const adapter = active.solana
  const connected = { eip155: active.evmConnected, solana: active.solanaConnected }
  const embedded = embeddedSolanaWallet(connection)
  return (
    <fieldset data-lk-namespaces="" aria-label={t('namespace.label')}>
      {namespaces.map((namespace) => (
        <button
          key={namespace}
          type="button"
          data-testid={`namespace-${namespace}`}
          aria-pressed={active.namespace === namespace}
          onClick={() => {
            setNamespace(namespace)
            if (connected[namespace]) return
            if (namespace === 'solana' && embedded)
              adapter.connect({ wallet: embedded }).catch(() => router.push('Connect'))
            else router.push('Connect')
          }}
        >
          {t(`namespace.${namespace}`)}
          {!connected[namespace] && <span data-lk-namespace-hint="">{t('namespace.connect')}</span>}
        </button>
      ))}
    </fieldset>
  )
}
