import { raceDeadline } from '../../src/utils/raceDeadline'

const ignore = () => {}

/** Resolves when `promise` settles or after `ms`, whichever is first; never rejects (disconnect's bounded sign-out wait). */
export function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return raceDeadline(promise, ms, () => new Error(`No answer within ${ms} ms`)).then(
    ignore,
    ignore,
  )
}
