import { useSiwx } from 'latchkey/react'
import type { SiwxMode } from '../siwxMode'
import { Panel } from './Panel'

/** The sign-in session as `useSiwx()` reports it, with sign in and sign out. */
export function SiwxPanel({ mode }: { mode: SiwxMode }) {
  const { session, status, error, signIn, signOut } = useSiwx()
  if (mode === 'off')
    return (
      <Panel title="Sign-in (SIWX)" subtitle="Off on this page.">
        <p className="pg-muted">
          Open <a href="?siwx=optional">?siwx=optional</a> or{' '}
          <a href="?siwx=required">?siwx=required</a> to sign in with the local adapter.
        </p>
      </Panel>
    )
  return (
    <Panel
      title="Sign-in (SIWX)"
      subtitle={`Local adapter, ${mode}: sessions in localStorage, for demos only.`}
    >
      <dl className="pg-status">
        <div className="pg-row">
          <dt>Session</dt>
          <dd data-testid="pg-siwx">
            {session ? `signed in ${session.data.accountAddress}` : 'signed out'}
          </dd>
        </div>
        <div className="pg-row">
          <dt>Status</dt>
          <dd data-testid="pg-siwx-status">{status}</dd>
        </div>
        <div className="pg-row">
          <dt>Error</dt>
          <dd>{error?.shortMessage ?? '—'}</dd>
        </div>
      </dl>
      <div className="pg-actions">
        <button
          type="button"
          className="pg-btn pg-btn-primary"
          data-testid="pg-siwx-signin"
          disabled={Boolean(session)}
          onClick={() => {
            signIn().catch(() => {})
          }}
        >
          Sign in
        </button>
        <button
          type="button"
          className="pg-btn"
          data-testid="pg-siwx-signout"
          disabled={!session}
          onClick={() => {
            signOut().catch(() => {})
          }}
        >
          Sign out
        </button>
      </div>
    </Panel>
  )
}
