import { tSend } from './tSend'

/** A finished send's two buttons, in either namespace: New send and Done. */
export function SentActions({ onAgain, onDone }: { onAgain(): void; onDone(): void }) {
  return (
    <>
      <button type="button" data-lk-button-ghost="" data-testid="send-again" onClick={onAgain}>
        {tSend('send.sendAgain')}
      </button>
      <button type="button" data-lk-button-primary="" data-testid="send-done" onClick={onDone}>
        {tSend('send.done')}
      </button>
    </>
  )
}
