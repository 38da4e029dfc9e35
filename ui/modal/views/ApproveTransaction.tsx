import { useEffect, useRef, useState } from 'react'
import {
  type ConnectorMessage,
  readEmbeddedWalletMessage,
} from '../../../connectors/embeddedWallet/readEmbeddedWalletMessage'
import { getCurrentRoute } from '../../../src/machines/router'
import { Spinner } from '../../components/Spinner'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useModalParts } from '../../context/useModalParts'
import { t } from '../../locales/t'
import { ShieldIcon } from '../embeddedWallet/embeddedIcons'
import { useEmbeddedWallet } from '../embeddedWallet/useEmbeddedWallet'
import { useFramePlacement } from '../embeddedWallet/useFramePlacement'
import { frameScreenTitle } from '../frameScreenTitle'
import type { ViewProps } from '../ViewProps'

/**
 * A request waits for a click inside the embedded wallet's frame: the frame's iframe is shown over
 * this view's box until the frame reports the approval settled (APPROVAL_SETTLED). Keys and the
 * approve button stay in the frame's origin; the modal only makes room for it. When the decision
 * moved to the wallet's popup window, the hint says the modal waits for it. The frame's look is
 * fixed while an approval is open (it refuses SYNC_THEME then): the theme is synced earlier.
 */
export function ApproveTransaction({ data }: ViewProps<'ApproveTransaction'>) {
  const wallet = useEmbeddedWallet()
  const { options } = useModalParts()
  const { router, modal } = useLatchkeyContext()
  const id = typeof data?.id === 'string' ? data.id : undefined
  const [settled, setSettled] = useState(false)
  const [inPopup, setInPopup] = useState(false)
  const settledRef = useRef(false)
  const box = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!wallet || !id) return
    const onMessage = (message: ConnectorMessage) => {
      const approval = readEmbeddedWalletMessage(message, 'embedded:approval')
      if (approval?.id !== id) return
      if (approval.pending) return setInPopup(approval.popup === 'open')
      settledRef.current = true
      setSettled(true)
    }
    wallet.connector.emitter.on('message', onMessage)
    return () => wallet.connector.emitter.off('message', onMessage)
  }, [wallet, id])

  // Leaving while the frame still waits (back, close) aborts the request ('Request was aborted').
  // StrictMode's rehearsal unmount finds this view still on top of an open modal: nothing to do.
  useEffect(
    () => () => {
      if (!wallet || settledRef.current) return
      const route = getCurrentRoute(router.getState())
      const here = route.view === 'ApproveTransaction' && route.data?.id === id
      if (here && modal.getState().open) return
      wallet.api.abortPending()
    },
    [wallet, id, router, modal],
  )

  const iframe = wallet && id && !settled ? wallet.api.getFrameElement() : undefined
  const zIndex = Math.max(999_999, options.themeVariables.zIndex + 1)
  useFramePlacement(box, iframe, zIndex)

  return (
    <div data-lk-approve="">
      {/* biome-ignore lint/a11y/useSemanticElements: a box the iframe is laid over, not a form group */}
      <div
        ref={box}
        role="group"
        data-lk-approve-frame=""
        data-testid="approve-frame"
        data-state={iframe ? 'pending' : 'settled'}
        // Keyboard users reach the frame through its box; the focus goes on into the iframe.
        tabIndex={iframe ? 0 : -1}
        aria-label={t('approve.frameLabel')}
        onFocus={() => iframe?.focus()}
      >
        {!iframe && (
          <span data-lk-email-busy="" role="status">
            <Spinner size={14} />
            {t('approve.finishing')}
          </span>
        )}
      </div>
      <p
        data-lk-approve-hint=""
        data-state={inPopup && iframe ? 'popup' : 'frame'}
        role={inPopup ? 'status' : undefined}
      >
        <ShieldIcon size={14} />
        {inPopup && iframe
          ? t('approve.waitingPopup')
          : t(frameScreenTitle(data?.method) ? 'approve.screenHint' : 'approve.hint')}
      </p>
    </div>
  )
}
