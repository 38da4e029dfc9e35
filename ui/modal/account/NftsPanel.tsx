import { useCallback } from 'react'
import { useNfts } from '../../hooks/useNfts'
import { t } from '../../locales/t'
import { useAccountSource } from '../../useAccountSource'
import { EmptyState } from '../EmptyState'
import { NftCard } from './NftCard'
import { PanelNotice } from './PanelNotice'

/** The NFTs tab: a grid of the ERC-721 tokens held (spam already dropped), from the data server. */
export function NftsPanel() {
  const { data, error, isPending, isFetching, refetch } = useNfts()
  const { url } = useAccountSource({})
  const retry = useCallback(() => void refetch(), [refetch])
  if (isPending && isFetching)
    return (
      <div
        data-lk-nft-grid=""
        role="status"
        aria-label={t('account.loading')}
        data-testid="nfts-loading"
      >
        {[0, 1, 2, 3].map((index) => (
          <span key={index} data-lk-nft-skeleton="" aria-hidden="true" />
        ))}
      </div>
    )
  if (error)
    return <PanelNotice title={t('account.nftsFailed')} onRetry={retry} testId="nfts-error" />
  if (!data) return null
  if (!data.supported)
    return (
      <EmptyState title={t('account.nftsUnsupported')} hint={t('account.nftsUnsupportedHint')} />
    )
  if (data.nfts.length === 0)
    return <EmptyState title={t('account.noNfts')} hint={t('account.noNftsHint')} />
  return (
    <ul data-lk-nft-grid="" aria-label={t('account.tab.nfts')} data-testid="nft-grid">
      {data.nfts.map((nft) => (
        <NftCard key={`${nft.address}:${nft.tokenId}`} nft={nft} serverUrl={url} />
      ))}
    </ul>
  )
}
