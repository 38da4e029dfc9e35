import { ConnectButton } from 'latchkey/react'

export function Header({ walletCount }: { walletCount: number }) {
  return (
    <header className="pg-header">
      <div className="pg-brand">
        <span className="pg-logo" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Zm3 3.5a1.5 1.5 0 0 1 .75 2.8V18h-1.5v-1.7A1.5 1.5 0 0 1 12 13.5Z"
            />
          </svg>
        </span>
        <span className="pg-title">Latchkey</span>
        <span className="pg-badge">playground</span>
        {walletCount > 0 ? (
          <span className="pg-badge pg-badge-warn">{walletCount} custom wallets</span>
        ) : null}
      </div>
      <ConnectButton />
    </header>
  )
}
