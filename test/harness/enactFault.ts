import type { FaultHit, WalletFault } from './walletFaults'
import { faultError } from './walletRpcError'

/**
 * The part of a fault every wallet plays alike, before it answers `method`: waits out the delay,
 * never settles under `hang`, throws the error faults ({@link faultError}). Gives back the fault
 * left for the wallet itself (`answerNull`, `silentSwitch`, `nested4902`, `badAccounts`, …).
 */
export async function enactFault(
  hit: FaultHit | undefined,
  method: string,
): Promise<WalletFault | undefined> {
  if (!hit) return undefined
  if (hit.delayMs) await new Promise((resolve) => setTimeout(resolve, hit.delayMs))
  if (hit.fault === 'hang') return new Promise<never>(() => {})
  const error = hit.fault && faultError(hit.fault, method)
  if (error) throw error
  return hit.fault
}
