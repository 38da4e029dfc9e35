import { isMobileViewport } from '../../isMobileViewport'
import { CopyLinkButton } from '../CopyLinkButton'
import { AlertIcon } from '../icons'
import { QrCode } from '../qr/QrCode'
import { describeEmbeddedError } from './describeEmbeddedError'
import { tFarcaster } from './farcasterStrings'
import { SocialIcon } from './SocialIcon'
import { type FarcasterLoginState, useFarcasterLogin } from './useFarcasterLogin'

function title(state: FarcasterLoginState, mobile: boolean): string {
  switch (state.status) {
    case 'starting':
      return tFarcaster('farcaster.starting')
    case 'waiting':
      return tFarcaster(mobile ? 'farcaster.mobileTitle' : 'farcaster.scan')
    case 'connecting':
      return tFarcaster('farcaster.signingIn', { name: state.userName })
    case 'connected':
      return tFarcaster('farcaster.signedIn', { name: state.userName })
    case 'error':
      return tFarcaster('farcaster.failed')
  }
}

/**
 * ConnectingFarcaster (SPEC §2, §4 "Farcaster login"): the relay channel's URL as a QR code with
 * Farcaster's mark (a phone's camera or Farcaster app opens it) and as a link that opens
 * Farcaster on this device, then the username once the visitor approved, then Account. A
 * failure says why and offers "Try again" (a new channel).
 */
export function ConnectingFarcaster() {
  const { state, retry } = useFarcasterLogin()
  const mobile = isMobileViewport()
  const uri = 'uri' in state ? state.uri : undefined
  const failed = state.status === 'error'
  const uriAttribute = uri ? { 'data-farcaster-uri': uri } : {}
  return (
    <div data-lk-wc="" data-lk-farcaster="" data-status={state.status} {...uriAttribute}>
      {mobile || failed ? (
        <div data-lk-connecting-icon="" data-status={failed ? 'error' : 'pending'}>
          <span data-lk-social-tile="">
            <SocialIcon provider="farcaster" size={44} />
          </span>
          {failed && (
            <span data-lk-connecting-badge="" aria-hidden="true">
              <AlertIcon size={14} />
            </span>
          )}
        </div>
      ) : (
        <QrCode
          value={state.status === 'connected' ? undefined : uri}
          label={tFarcaster('farcaster.qrLabel')}
          logo={<SocialIcon provider="farcaster" size={44} />}
        />
      )}
      <p data-lk-connecting-title="" data-testid="farcaster-status" role="status">
        {title(state, mobile)}
      </p>
      {failed ? (
        <p data-lk-connecting-error="" data-testid="farcaster-error" role="alert">
          {describeEmbeddedError(state.error)}
        </p>
      ) : (
        state.status === 'waiting' && (
          <p data-lk-connecting-hint="">
            {tFarcaster(mobile ? 'farcaster.mobileHint' : 'farcaster.scanHint')}
          </p>
        )
      )}
      <div data-lk-wc-actions="">
        {failed ? (
          <button
            type="button"
            data-lk-button-secondary=""
            data-testid="farcaster-retry"
            onClick={retry}
          >
            {tFarcaster('farcaster.retry')}
          </button>
        ) : (
          uri && (
            // An https universal link: Farcaster's app opens it on a phone, the browser elsewhere.
            <a
              data-lk-button-secondary=""
              data-testid="farcaster-open"
              href={uri}
              target="_blank"
              rel="noopener noreferrer"
            >
              <SocialIcon provider="farcaster" size={16} />
              {tFarcaster('farcaster.open')}
            </a>
          )
        )}
        {!mobile && !failed && <CopyLinkButton uri={uri} />}
      </div>
    </div>
  )
}
