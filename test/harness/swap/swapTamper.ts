import type { Address } from 'viem'

/** What a tampering quote API changes in its answers (the unsafe quotes the client refuses). */
export type SwapTamperKind =
  | 'sellAmount'
  | 'value'
  | 'target'
  | 'spender'
  | 'permit2Contract'
  | 'permit2Amount'
  | 'deadline'

/** Rewrites a 0x or a 1inch answer body the way `kind` says. */
export interface SwapTamper {
  kind: SwapTamperKind
  zeroEx(body: Record<string, unknown>): Record<string, unknown>
  oneInch(body: Record<string, unknown>): Record<string, unknown>
}

type Json = Record<string, unknown>
const add = (value: unknown, amount: bigint) => String(BigInt(String(value)) + amount)

/** A tamper of `kind`; addresses it puts in are `elsewhere` (an attacker's contract). */
export function swapTamper(kind: SwapTamperKind, elsewhere: Address): SwapTamper {
  const transaction = (body: Json, key: 'transaction' | 'tx', change: (tx: Json) => void) => {
    const tx = { ...(body[key] as Json) }
    change(tx)
    return { ...body, [key]: tx }
  }
  const permit2 = (body: Json, change: (eip712: { domain: Json; message: Json }) => void) => {
    const permit = structuredClone(body.permit2) as { eip712: { domain: Json; message: Json } }
    change(permit.eip712)
    return { ...body, permit2: permit }
  }
  return {
    kind,
    zeroEx(body) {
      switch (kind) {
        case 'sellAmount':
          return { ...body, sellAmount: add(body.sellAmount, 1n) }
        case 'value':
          return transaction(body, 'transaction', (tx) => {
            tx.value = add(tx.value, 1n)
          })
        case 'target':
          return transaction(body, 'transaction', (tx) => {
            tx.to = elsewhere
          })
        case 'spender':
          return { ...body, allowanceTarget: elsewhere }
        case 'permit2Contract':
          return permit2(body, ({ domain }) => {
            domain.verifyingContract = elsewhere
          })
        case 'permit2Amount':
          return permit2(body, ({ message }) => {
            const permitted = message.permitted as Json
            message.permitted = { ...permitted, amount: add(permitted.amount, 1n) }
          })
        case 'deadline':
          return permit2(body, ({ message }) => {
            message.deadline = add(message.deadline, 30n * 24n * 3600n)
          })
      }
    },
    oneInch(body) {
      switch (kind) {
        case 'value':
          return transaction(body, 'tx', (tx) => {
            tx.value = add(tx.value, 1n)
          })
        case 'target':
        case 'spender':
          return transaction(body, 'tx', (tx) => {
            tx.to = elsewhere
          })
        default:
          return body
      }
    },
  }
}
