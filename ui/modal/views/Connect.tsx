import { useContext, useEffect, useMemo } from 'react'
import { mergeDirectoryWallets } from '../../../src/directory/mergeDirectoryWallets'
import type { WalletItem } from '../../../src/wallets/types'
import { SocialLoginContext } from '../../context/SocialLoginContext'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useModalParts } from '../../context/useModalParts'
import { useWallets } from '../../hooks/useWallets'
import { isMobileViewport } from '../../isMobileViewport'
import { t } from '../../locales/t'
import { useDirectory } from '../directory/useDirectory'
import { useSuggestedWallets } from '../directory/useSuggestedWallets'
import { EmailMethod } from '../embeddedWallet/EmailMethod'
import { LazySocialMethod } from '../embeddedWallet/lazySocial'
import { useEmbeddedWallet } from '../embeddedWallet/useEmbeddedWallet'
import { useSocialProviders } from '../embeddedWallet/useSocialProviders'
import { ChevronIcon, GridIcon } from '../icons'
import { Legal } from '../Legal'
import { SolanaWalletSection } from '../solana/SolanaParts'
import { WalletConnectRow } from '../WalletConnectRow'
import { WalletRow } from '../WalletRow'

/** How many wallets that are not installed the Connect view shows before 'All Wallets' (SPEC §9). */
const notInstalledShown = 4

function pickShown(wallets: readonly WalletItem[]): WalletItem[] {
  let others = 0
  return wallets.filter(
    (w) =>
      w.installed ||
      w.group === 'recent' ||
      w.group === 'walletConnect' ||
      others++ < notInstalledShown,
  )
}

/**
 * The Connect view: connect methods in order (email, social, wallet by default), then All
 * Wallets and legal links. With a `directory`, its featured and recommended wallets take their places in the
 * connector type order.
 */
export function Connect() {
  const { router, solana } = useLatchkeyContext()
  const { options } = useModalParts()
  const { wallets, connect } = useWallets()
  const embedded = useEmbeddedWallet()
  const socials = useSocialProviders(embedded)
  // Back on Connect (from ConnectingSocial): the login in progress ends, its popup closes. (The
  // modal's flow from its context: the headless hook would bring the flow's code along.)
  const social = useContext(SocialLoginContext)
  useEffect(() => {
    social?.reset()
  }, [social])
  // Methods that show: the 'or' separator goes under the one right before the wallets.
  const methods = options.features.connectMethodsOrder.filter((method) =>
    method === 'email'
      ? embedded !== undefined && options.features.email
      : method === 'social'
        ? socials.length > 0
        : true,
  )
  const directory = useDirectory()
  const suggested = useSuggestedWallets(directory)
  const order = options.features.connectorTypeOrder
  const listed = useMemo(
    () =>
      mergeDirectoryWallets({
        wallets,
        featured: suggested.featured,
        recommended: suggested.recommended,
        order,
      }),
    [wallets, suggested, order],
  )
  const shown = pickShown(listed)
  // with a directory: its total once read (never a made-up 0 before that, or after a failure)
  const allCount = directory
    ? suggested.count === undefined
      ? undefined
      : wallets.length + suggested.count
    : wallets.length
  const solanaListed = solana !== null
  // recent and installed wallets come first in `shown`
  const firstOther = shown.findIndex((w) => !w.installed && w.group !== 'recent')
  const installedCount = firstOther === -1 ? shown.length : firstOther
  const row = (wallet: WalletItem) => (
    <li key={wallet.id}>
      {wallet.group === 'walletConnect' ? (
        <WalletConnectRow wallet={wallet} onSelect={connect} />
      ) : (
        <WalletRow wallet={wallet} onSelect={connect} />
      )}
    </li>
  )
  const showAll =
    options.allWallets === 'show' || (options.allWallets === 'only-mobile' && isMobileViewport())

  return (
    <div data-lk-connect="">
      {methods.map((method, index) =>
        method === 'email' ? (
          <EmailMethod key={method} separator={methods[index + 1] === 'wallet'} />
        ) : method === 'social' ? (
          socials.length > 0 && (
            <LazySocialMethod
              key={method}
              providers={socials}
              separator={methods[index + 1] === 'wallet'}
            />
          )
        ) : method === 'wallet' ? (
          <div key={method} data-lk-method="wallet">
            {shown.length > 0 || solanaListed ? (
              <ul data-lk-list="">
                {shown.slice(0, installedCount).map(row)}
                {/* installed Solana wallets after the installed EVM ones */}
                <SolanaWalletSection />
                {shown.slice(installedCount).map(row)}
              </ul>
            ) : (
              <p data-lk-empty="">{t('connect.noWallets')}</p>
            )}
            {showAll && (
              <button
                type="button"
                data-lk-row=""
                data-testid="all-wallets"
                onClick={() => router.push('AllWallets')}
              >
                <span data-lk-row-icon="" aria-hidden="true">
                  <GridIcon size={20} />
                </span>
                <span data-lk-row-label="">{t('connect.allWallets')}</span>
                {allCount !== undefined && allCount > 0 && (
                  <span data-lk-tag="" data-tone="muted">
                    {allCount}
                  </span>
                )}
                <ChevronIcon />
              </button>
            )}
          </div>
        ) : null,
      )}
      <Legal />
    </div>
  )
}
