import type { SwapRunState, SwapStep } from '../../../src/machines/swapRun'
import type { SwapToken } from '../../hooks/useSwapTokens'
import { AlertIcon, CheckIcon } from '../icons'
import { tSwap } from './tSwap'

/** The state of one step in the list: to come, under way, done or failed. */
function stateOf(step: SwapStep, run: SwapRunState): 'todo' | 'active' | 'done' | 'failed' {
  if (run.status === 'idle') return 'todo'
  if (run.status === 'success') return 'done'
  const at = run.steps.indexOf(run.step ?? 'swap')
  const index = run.steps.indexOf(step)
  if (index < at) return 'done'
  if (index > at) return 'todo'
  return run.status === 'error' ? 'failed' : 'active'
}

/**
 * What the swap asks of the wallet, in order, each with its state while it runs: approve the
 * sell token (exact amount), sign the Permit2 message, the swap, its confirmation.
 */
export function SwapSteps({
  steps,
  run,
  sellToken,
  sellAmount,
}: {
  steps: readonly SwapStep[]
  run: SwapRunState
  sellToken: SwapToken
  /** The amount sold, formatted. */
  sellAmount: string
}) {
  return (
    <section data-lk-swap-steps="" aria-label={tSwap('swap.steps')}>
      <p data-lk-swap-section="">{tSwap('swap.steps')}</p>
      <ol data-testid="swap-steps">
        {steps.map((step, index) => {
          const state = stateOf(step, run)
          const [title, hint] =
            step === 'approve'
              ? [
                  tSwap('swap.step.approve', { symbol: sellToken.symbol }),
                  tSwap('swap.step.approveHint', { amount: sellAmount, symbol: sellToken.symbol }),
                ]
              : step === 'sign'
                ? [tSwap('swap.step.sign'), tSwap('swap.step.signHint')]
                : step === 'swap'
                  ? [tSwap('swap.step.swap'), tSwap('swap.step.swapHint')]
                  : [tSwap('swap.step.receipt'), tSwap('swap.step.receiptHint')]
          return (
            <li key={step} data-state={state} data-testid={`swap-step-${step}`}>
              <span data-lk-swap-step-mark="" aria-hidden="true">
                {state === 'done' ? (
                  <CheckIcon size={14} />
                ) : state === 'failed' ? (
                  <AlertIcon size={14} />
                ) : state === 'active' ? (
                  <span data-lk-send-spinner="" />
                ) : (
                  index + 1
                )}
              </span>
              <span data-lk-swap-step-text="">
                <span data-lk-swap-step-title="">{title}</span>
                <span data-lk-swap-step-hint="">{hint}</span>
              </span>
            </li>
          )
        })}
      </ol>
    </section>
  )
}
