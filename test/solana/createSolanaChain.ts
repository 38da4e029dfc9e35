/**
 * The chain behind the RPC server: litesvm's SVM plus what litesvm leaves out and a validator
 * has, a slot clock, a queue of recent blockhashes (each valid for 150 blocks), signature statuses
 * with confirmation levels, and listeners for the WebSocket subscriptions.
 *
 * Commitment here: litesvm keeps one state (every transaction executes at once, at the tip).
 * A transaction lands in the current slot S; it is `processed` at once, `confirmed` when the tip
 * is `confirmDepth` slots past S and `finalized` at `finalizeDepth`. Blockhashes, slots, block
 * heights, signature statuses and notifications follow the commitment asked for; account reads
 * always see the tip (there is no older bank to read from).
 */
import { type Blockhash, getBase58Decoder, type Transaction } from '@solana/kit'
import { type FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import { landsOnChain, type TransactionErrorJson, transactionErrorJson } from './transactionError'

/** A validator's commitment levels. */
export type Commitment = 'processed' | 'confirmed' | 'finalized'

/** Options of `createSolanaChain`. */
export interface SolanaChainOptions {
  /** Milliseconds per slot on a timer; 0 turns the timer off (advance with `advanceSlots`). @default 400 */
  slotMs?: number
  /** Slots after which a landed transaction counts as confirmed. @default 1 */
  confirmDepth?: number
  /** Slots after which a landed transaction counts as finalized. @default 32 */
  finalizeDepth?: number
}

/** A transaction that landed (or an airdrop). */
export interface LandedTransaction {
  slot: bigint
  err: TransactionErrorJson | null
}

/** Blocks a blockhash stays valid for (agave's MAX_PROCESSING_AGE). */
export const blockhashValidBlocks = 150n

/** The chain; see the module comment for what commitment means. */
export interface SolanaChain {
  svm: LiteSVM
  /** The tip (the `processed` slot). Block height equals the slot: no slot is skipped. */
  slot(): bigint
  /** The slot the commitment level sees. */
  slotAt(commitment: Commitment): bigint
  /** The blockhash of the bank at `commitment` and its last valid block height. */
  latestBlockhash(commitment: Commitment): { blockhash: Blockhash; lastValidBlockHeight: bigint }
  /** Whether a transaction using `blockhash` would be accepted by the bank at `commitment`. */
  isBlockhashValid(blockhash: string, commitment: Commitment): boolean
  /** Runs a signed transaction at the tip; a transaction a validator drops is not recorded. */
  execute(transaction: Transaction): TransactionMetadata | FailedTransactionMetadata
  /** Records a landed transaction (airdrops go through here too). */
  record(signature: string, err: TransactionErrorJson | null): void
  landed(signature: string): LandedTransaction | undefined
  /** The confirmation level a landed transaction has reached now. */
  statusOf(landed: LandedTransaction): Commitment
  /** Moves the clock on by `count` slots (a new blockhash each). */
  advanceSlots(count?: number): void
  /** Called after every slot and after every state change (transaction, airdrop). */
  onChange(listener: (reason: 'slot' | 'transaction') => void): () => void
  stop(): void
}

const rank: Record<Commitment, number> = { processed: 0, confirmed: 1, finalized: 2 }

/** Whether `reached` is at least `wanted` (processed < confirmed < finalized). */
export function commitmentReached(reached: Commitment, wanted: Commitment): boolean {
  return rank[reached] >= rank[wanted]
}

/** Starts a chain (and its slot timer unless `slotMs` is 0). */
export function createSolanaChain(options: SolanaChainOptions = {}): SolanaChain {
  const { slotMs = 400, confirmDepth = 1, finalizeDepth = 32 } = options
  // Our own blockhash queue decides validity (a validator accepts any of the last 150), so
  // litesvm's check (only its one latest blockhash) is off.
  const svm = new LiteSVM().withBlockhashCheck(false).withNativeMints()
  const blockhashBySlot = new Map<bigint, Blockhash>()
  const slotByBlockhash = new Map<string, bigint>()
  const signatures = new Map<string, LandedTransaction>()
  const listeners = new Set<(reason: 'slot' | 'transaction') => void>()
  let tip = 0n

  const stamp = () => {
    const hash = svm.latestBlockhash()
    blockhashBySlot.set(tip, hash)
    slotByBlockhash.set(hash, tip)
    blockhashBySlot.delete(tip - blockhashValidBlocks - BigInt(finalizeDepth) - 1n)
  }
  const notify = (reason: 'slot' | 'transaction') => {
    for (const listener of [...listeners]) listener(reason)
  }
  const step = () => {
    tip++
    const clock = svm.getClock()
    clock.slot = tip
    clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000))
    svm.setClock(clock)
    svm.expireBlockhash()
    stamp()
  }

  stamp()
  // Start with a finalized history, as a validator that has been running does.
  for (let i = 0; i < finalizeDepth + 1; i++) step()

  const slotAt = (commitment: Commitment) => {
    const depth =
      commitment === 'finalized' ? finalizeDepth : commitment === 'confirmed' ? confirmDepth : 0
    const slot = tip - BigInt(depth)
    return slot < 0n ? 0n : slot
  }

  const chain: SolanaChain = {
    svm,
    slot: () => tip,
    slotAt,
    latestBlockhash(commitment) {
      const slot = slotAt(commitment)
      const blockhash = blockhashBySlot.get(slot) ?? svm.latestBlockhash()
      return { blockhash, lastValidBlockHeight: slot + blockhashValidBlocks }
    },
    isBlockhashValid(blockhash, commitment) {
      const at = slotByBlockhash.get(blockhash)
      if (at === undefined) return false
      const bank = slotAt(commitment)
      return at <= bank && at + blockhashValidBlocks >= bank
    },
    execute(transaction) {
      const result = svm.sendTransaction(transaction)
      notify('transaction')
      return result
    },
    record(signature, err) {
      if (err !== null && !landsOnChain(err)) return
      if (!signatures.has(signature)) signatures.set(signature, { slot: tip, err })
      notify('transaction')
    },
    landed: (signature) => signatures.get(signature),
    statusOf(landed) {
      const depth = tip - landed.slot
      if (depth >= BigInt(finalizeDepth)) return 'finalized'
      return depth >= BigInt(confirmDepth) ? 'confirmed' : 'processed'
    },
    advanceSlots(count = 1) {
      for (let i = 0; i < count; i++) {
        step()
        notify('slot')
      }
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop() {
      if (timer) clearInterval(timer)
      listeners.clear()
    },
  }
  const timer = slotMs > 0 ? setInterval(() => chain.advanceSlots(1), slotMs) : undefined
  timer?.unref()
  return chain
}

/** The base58 signature of a transaction (its first signature, the fee payer's). */
export function signatureOf(transaction: Transaction): string {
  const first = Object.values(transaction.signatures)[0]
  return getBase58Decoder().decode(first ?? new Uint8Array(64))
}

/** The transaction's error as JSON, or null when it succeeded. */
export function errorOf(
  result: TransactionMetadata | FailedTransactionMetadata,
): TransactionErrorJson | null {
  return 'err' in result ? transactionErrorJson(result.err()) : null
}
