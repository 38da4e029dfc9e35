import type { LatchkeyNamespace } from '../../src/client/types'
import { useLatchkeyContext } from '../context/useLatchkeyContext'
import { t } from '../locales/t'
import { useActiveNamespace } from './useActiveNamespace'

const namespaces = ['eip155', 'solana'] as const satisfies readonly LatchkeyNamespace[]

/**
 * Ethereum ⇄ Solana on Account, when the app has a `<SolanaProvider>`: the namespace shown
 * switches and both connections stay. A namespace with no wallet connected opens Connect.
 */
export function NamespaceSwitch() {
  const { router, setNamespace } = useLatchkeyContext()
  const active = useActiveNamespace()
  if (!active.solana) return null
  const connected = { eip155: active.evmConnected, solana: active.solanaConnected }
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
            if (!connected[namespace]) router.push('Connect')
          }}
        >
          {t(`namespace.${namespace}`)}
          {!connected[namespace] && <span data-lk-namespace-hint="">{t('namespace.connect')}</span>}
        </button>
      ))}
    </fieldset>
  )
}
