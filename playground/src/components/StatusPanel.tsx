import { formatUnits } from 'viem'
import { useBalance, useChainId, useChains, useConnection } from 'wagmi'
import { Panel } from './Panel'

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="pg-row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  )
}

/** What wagmi says, side by side with the modal: they must never disagree. */
export function StatusPanel() {
  const { address, status, connector } = useConnection()
  const chainId = useChainId()
  const chain = useChains().find((c) => c.id === chainId)
  const balance = useBalance({ address, query: { enabled: Boolean(address) } })
  const value = balance.data
    ? `${formatUnits(balance.data.value, balance.data.decimals)} ${balance.data.symbol}`
    : '—'

  return (
    <Panel title="wagmi state" subtitle="Read with wagmi hooks, beside the modal.">
      <dl className="pg-status">
        <Row label="Status" value={status} testId="pg-status" />
        <Row label="Wallet" value={connector?.name ?? '—'} />
        <Row label="Address" value={address ?? '—'} testId="pg-address" />
        <Row
          label="Network"
          value={chain ? `${chain.name} (${chain.id})` : String(chainId)}
          testId="pg-chain"
        />
        <Row label="Balance" value={value} />
      </dl>
    </Panel>
  )
}
