import type { RouteEntry, RouterState } from '../../src/machines/router'
import { socialProviderName } from '../../src/utils/socialProviderName'
import { useLatchkeyContext } from '../context/useLatchkeyContext'
import { useStoreState } from '../context/useStoreState'
import { t } from '../locales/t'
import { useSiwxCloseBlocked } from '../siwx/useSiwxCloseBlocked'
import { frameScreenTitle } from './frameScreenTitle'
import { getRouteWallet } from './getRouteWallet'
import { BackIcon, CloseIcon } from './icons'

/** Props of {@link Header}. */
export interface HeaderProps {
  titleId: string
  route: RouteEntry
}

const selectDepth = (state: RouterState) => state.history.length

/** Dialog header: back (when there is history), the view title (labels the dialog), close. */
export function Header({ titleId, route }: HeaderProps) {
  const { router, closeModal } = useLatchkeyContext()
  const depth = useStoreState(router, selectDepth)
  // SPEC §2: no closing while sign-in is required and there is no session (closeModal refuses too)
  const closeBlocked = useSiwxCloseBlocked()
  const data = route.data as { wallet?: unknown; provider?: unknown; method?: unknown } | undefined
  // a wagmi wallet's item, a Solana wallet's name (ConnectingSolana), a provider (ConnectingSocial)
  const name =
    getRouteWallet(route.data)?.name ??
    (typeof data?.wallet === 'string'
      ? data.wallet
      : typeof data?.provider === 'string'
        ? socialProviderName(data.provider)
        : '')
  const frameScreen =
    route.view === 'ApproveTransaction' ? frameScreenTitle(data?.method) : undefined
  const title = t(frameScreen ?? `title.${route.view}`, { name })
  return (
    <header data-lk-header="">
      {depth > 1 ? (
        <button
          type="button"
          data-lk-icon-button=""
          data-testid="modal-back"
          aria-label={t('modal.back')}
          onClick={() => router.goBack()}
        >
          <BackIcon />
        </button>
      ) : (
        <span data-lk-header-spacer="" />
      )}
      <h2 id={titleId} data-lk-title="">
        {title}
      </h2>
      <button
        type="button"
        data-lk-icon-button=""
        data-testid="modal-close"
        aria-label={t('modal.close')}
        aria-disabled={closeBlocked || undefined}
        onClick={closeModal}
      >
        <CloseIcon />
      </button>
    </header>
  )
}
