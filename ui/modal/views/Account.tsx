import { useEffect, useRef } from 'react'
import { swapOptionContracts } from '../../../src/swap/knownSwapContracts'
import { isSwapChain } from '../../../src/swap/swapChainIds'
import { Avatar } from '../../components/Avatar'
import { NetworkIcon } from '../../components/NetworkIcon'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useModalParts } from '../../context/useModalParts'
import { t } from '../../locales/t'
import { useConnection } from '../../useConnection'
import { useShownChainId } from '../../useShownChainId'
import { AccountTabs } from '../AccountTabs'
import { AddressLine } from '../AddressLine'
import { HeaderBalance } from '../account/HeaderBalance'
import { accountViewsChunk } from '../accountViews/loadAccountViews'
import { DisconnectButton } from '../DisconnectButton'
import { AccountEmail } from '../embeddedWallet/AccountEmail'
import { LazyAccountPart } from '../embeddedWallet/lazySocial'
import { SignOutEverywhereRow } from '../embeddedWallet/SignOutEverywhereRow'
import { UpdateEmailRow } from '../embeddedWallet/UpdateEmailRow'
import { ChevronIcon, ExternalIcon } from '../icons'
import { NamespaceSwitch } from '../NamespaceSwitch'
import { OnrampRow } from '../OnrampRow'
import { onrampViewsChunk } from '../onramp/loadOnrampViews'
import { ReceiveRow } from '../ReceiveRow'
import { SendRow } from '../SendRow'
import { SwapRow } from '../SwapRow'
import { sendViewsChunk } from '../send/loadSendViews'
import { SolanaAccountSection } from '../solana/SolanaParts'
import { swapViewsChunk } from '../swap/loadSwapViews'
import { useNetworkInfo } from '../useNetworkInfo'

/** Starts loading the send views before the Send row is clicked (pointed at or focused). */
const preloadSend = () => void sendViewsChunk.load().catch(() => {})
/** The same for the swap views. */
const preloadSwap = () => void swapViewsChunk.load().catch(() => {})
/** The same for the on-ramp views. */
const preloadOnramp = () => void onrampViewsChunk.load().catch(() => {})

/**
 * The Account view of the namespace shown (the provider's `active`): Solana's in its own chunk,
 * else wagmi's account.
 */
export function Account() {
  const { namespace } = useLatchkeyContext()
  return (
    <>
      <NamespaceSwitch />
      {namespace === 'solana' ? <SolanaAccountSection /> : <EvmAccount />}
    </>
  )
}

/** wagmi's account: avatar, address with copy, balance, network pill, explorer, tabs, disconnect. */
function EvmAccount() {
  const { router, modal } = useLatchkeyContext()
  const { options } = useModalParts()
  const connection = useConnection()
  const { chainId, status } = connection
  // keeps the last address on screen while the modal fades out after a disconnect
  const lastAddress = useRef(connection.address)
  if (connection.address) lastAddress.current = connection.address
  const address = lastAddress.current
  const network = useNetworkInfo(useShownChainId(chainId))

  // the network and receive views load now, so the pill and the Receive row open them at once
  useEffect(() => void accountViewsChunk.load().catch(() => {}), [])

  // disconnected elsewhere (wallet, another tab): there is no account left to show
  useEffect(() => {
    if (status === 'disconnected' && modal.getState().open) router.reset('Connect')
  }, [status, router, modal])

  if (!address) return null

  const explorerUrl = network?.explorerUrl ? `${network.explorerUrl}/address/${address}` : undefined

  return (
    <div data-lk-account="">
      <div data-lk-account-hero="">
        <Avatar address={address} size={72} />
        <AddressLine address={address} />
        <AccountEmail />
        <LazyAccountPart part="AccountSocial" />
        <HeaderBalance address={address} network={network} />
        {network && (
          <button
            type="button"
            data-lk-pill=""
            data-testid="account-network"
            aria-label={t('account.network', { name: network.name })}
            disabled={!options.enableNetworkSwitch}
            onClick={() => router.push('Networks')}
          >
            <NetworkIcon
              name={network.name}
              imageId={network.imageId}
              color={network.color}
              size={18}
            />
            <span>{network.name}</span>
            {options.enableNetworkSwitch && <ChevronIcon size={14} />}
          </button>
        )}
      </div>
      <div data-lk-account-actions="">
        {options.features.walletFeaturesOrder.map((feature) => {
          // only where the app names a `latchkey serve` with an on-ramp (the `onramp` option)
          if (feature === 'onramp' && options.features.onramp && options.onramp)
            return (
              <OnrampRow
                key={feature}
                onClick={() => router.push('OnRampProviders')}
                onPreload={preloadOnramp}
              />
            )
          if (feature === 'receive' && options.features.receive)
            return <ReceiveRow key={feature} onClick={() => router.push('Receive')} />
          if (feature === 'send' && options.features.send)
            return (
              <SendRow
                key={feature}
                onClick={() => router.push('WalletSend')}
                onPreload={preloadSend}
              />
            )
          // only where the app swaps: SPEC §9's networks that the `swap` option trusts contracts on
          if (
            feature === 'swaps' &&
            options.features.swaps &&
            options.swap !== undefined &&
            isSwapChain(chainId, swapOptionContracts(options.swap))
          )
            return (
              <SwapRow key={feature} onClick={() => router.push('Swap')} onPreload={preloadSwap} />
            )
          return null
        })}
        <LazyAccountPart part="AccountRecovery" />
        <UpdateEmailRow />
        <LazyAccountPart part="AccountLogins" />
        <LazyAccountPart part="AccountSecurity" />
        {explorerUrl && (
          <a
            data-lk-row=""
            data-size="sm"
            data-testid="explorer-link"
            href={explorerUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            <span data-lk-row-icon="" aria-hidden="true">
              <ExternalIcon />
            </span>
            <span data-lk-row-label="">{t('account.explorer')}</span>
          </a>
        )}
      </div>
      <AccountTabs network={network} />
      <SignOutEverywhereRow />
      <DisconnectButton label={t('account.disconnect')} />
    </div>
  )
}
