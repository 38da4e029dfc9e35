import { t } from '../../locales/t'

/** A finished send's two buttons, in either namespace: New send and Done. */
export function SentActions({ onAgain, onDone }: { onAgain(): void; onDone(): void }) {
  return (
    <>
      <button type="button" data-lk-button-ghost="" data-testid="send-again" onClick={onAgain}>
        {t('send.sendAgain')}
      </button>
      <button type="button" data-lk-button-primary="" data-testid="send-done" onClick={onDone}>
        {t('send.done')}
      </button>
    </>
  )
}
