import type { Frame, Page } from 'playwright-core'
import { verifyMessage } from 'viem'

/** One personal_sign through the frame, in epoch milliseconds taken in the pages themselves. */
export interface SignRun {
  /** Host: request → result. */
  totalMs: number
  /** Host: request → APPROVAL_REQUESTED arrived (the frame is shown). */
  toApprovalMs: number
  /** Approval shown → the click inside the frame (the 500 ms click guard, then the bench clicks). */
  approvalToClickMs: number
  /** The click inside the frame → result in the host (server signing, both hops). */
  clickToResultMs: number
}

type SignState = {
  startAt: number
  approvalAt?: number
  doneAt: number
  outcome: { ok: true; value: { result: `0x${string}` } } | { ok: false; error: string }
}

type BenchWindow = {
  lkBench: {
    startSign(message: string, address: string): void
    approvalShown(): boolean
    signState(): SignState | undefined
  }
}

/** Records, inside the frame, the time of every click (capture phase: before the button's own). */
export async function watchClicks(frame: Frame): Promise<void> {
  await frame.evaluate(() => {
    document.addEventListener(
      'click',
      () => {
        ;(globalThis as { lkClickAt?: number }).lkClickAt =
          performance.timeOrigin + performance.now()
      },
      true,
    )
  })
}

/**
 * personal_sign from the host; the bench waits for the Approve button to enable (the frame's
 * clickjacking guard), clicks it with a real mouse event, and checks the signature.
 */
export async function signOnce(
  page: Page,
  frame: Frame,
  address: `0x${string}`,
  message: string,
): Promise<SignRun> {
  await page.evaluate(
    ([message, address]) =>
      (window as unknown as BenchWindow).lkBench.startSign(message as string, address as string),
    [message, address] as const,
  )
  await page.waitForFunction(() => (window as unknown as BenchWindow).lkBench.approvalShown(), {
    polling: 10,
  })
  await frame.waitForFunction(
    () => {
      const button = document.querySelector<HTMLButtonElement>('button.lk-approve')
      return Boolean(button && !button.disabled)
    },
    undefined,
    { polling: 10 },
  )
  await frame.locator('button.lk-approve').click()
  const handle = await page.waitForFunction(
    () => (window as unknown as BenchWindow).lkBench.signState(),
    undefined,
    { polling: 10 },
  )
  const state = (await handle.jsonValue()) as SignState
  const clickAt = await frame.evaluate(() => (globalThis as { lkClickAt?: number }).lkClickAt)
  if (!state.outcome.ok) throw new Error(`personal_sign failed: ${state.outcome.error}`)
  const signature = state.outcome.value.result
  if (!(await verifyMessage({ address, message, signature })))
    throw new Error('personal_sign: the signature does not verify')
  if (state.approvalAt === undefined || clickAt === undefined)
    throw new Error('personal_sign: no approval event or no click seen')
  return {
    totalMs: state.doneAt - state.startAt,
    toApprovalMs: state.approvalAt - state.startAt,
    approvalToClickMs: clickAt - state.approvalAt,
    clickToResultMs: state.doneAt - clickAt,
  }
}
