/** Says plainly that the page carries a scripted wallet, not a real one. */
export function TestWalletBanner() {
  const injected = typeof window !== 'undefined' && window.__latchkeyTestWallet !== undefined
  return (
    <p className="pg-banner" data-testid="pg-test-wallet" data-injected={injected}>
      <span className={injected ? 'pg-dot pg-dot-on' : 'pg-dot'} aria-hidden="true" />
      {injected
        ? 'Test wallet injected: Latchkey Test Wallet, anvil account 0'
        : 'Test wallet not injected: only real browser wallets will show'}
    </p>
  )
}
