/**
 * The WebSocket side: `signatureSubscribe` (one notification when the signature reaches the
 * commitment, then the subscription ends, as on a validator), `accountSubscribe` (a notification
 * per change once the change's slot reaches the commitment), `slotSubscribe`, and their
 * `…Unsubscribe`. Other methods are `-32601` here, as on a validator's PubSub port.
 */
import { isSignature } from '@solana/kit'
import type { WebSocket } from 'ws'
import { type Commitment, commitmentReached, type SolanaChain } from './createSolanaChain'
import { answerJsonRpc, toJson } from './dispatch'
import { type AccountConfig, accountConfig, encodeAccount } from './encodeAccount'
import { addressParam, commitmentParam, configParam, integerParam } from './params'
import { invalidParam, rpcCodes, SolanaRpcError } from './rpcError'
import type { MethodTable } from './types'
import { withContext } from './types'

interface Subscription {
  kind: 'signature' | 'account' | 'slot'
  /** Runs after every change; returns false when the subscription is over. */
  check(reason: 'slot' | 'transaction'): boolean
}

// A closed account is notified as an empty System account, as a validator does.
const emptyAccount = {
  data: new Uint8Array(),
  executable: false,
  exists: true as const,
  lamports: 0n,
  programAddress: '11111111111111111111111111111111',
}

/** Serves subscriptions on one socket until it closes. */
export function serveSubscriptions(
  chain: SolanaChain,
  socket: WebSocket,
  nextId: () => number,
): void {
  const subscriptions = new Map<number, Subscription>()
  const notify = (method: string, subscription: number, result: unknown) => {
    if (socket.readyState !== socket.OPEN) return
    socket.send(toJson({ jsonrpc: '2.0', method, params: { result, subscription } }))
  }
  const add = (subscription: Subscription) => {
    const id = nextId()
    subscriptions.set(id, subscription)
    // Checked once right after the answer goes out: an already-landed signature notifies at once.
    setImmediate(() => {
      if (subscriptions.has(id) && !subscription.check('transaction')) subscriptions.delete(id)
    })
    return id
  }
  const remove = ([id]: unknown[]) => {
    if (subscriptions.delete(Number(integerParam(id, 'subscription id')))) return true
    throw new SolanaRpcError(rpcCodes.invalidParams, 'Invalid subscription id.')
  }

  const methods: MethodTable = {
    signatureSubscribe([signature, rawConfig]) {
      if (typeof signature !== 'string' || !isSignature(signature)) throw invalidParam('Invalid')
      const config = configParam(rawConfig)
      const commitment = commitmentParam(config.commitment)
      let received = config.enableReceivedNotification !== true
      const id: number = add({
        kind: 'signature',
        check: () => {
          const landed = chain.landed(signature)
          if (!landed) return true
          if (!received) {
            received = true
            notify('signatureNotification', id, withContext(chain.slot(), 'receivedSignature'))
          }
          if (!commitmentReached(chain.statusOf(landed), commitment)) return true
          notify('signatureNotification', id, withContext(chain.slot(), { err: landed.err }))
          return false
        },
      })
      return id
    },
    accountSubscribe([address, rawConfig]) {
      const who = addressParam(address)
      const config = configParam(rawConfig)
      const commitment: Commitment = commitmentParam(config.commitment)
      const encoding: AccountConfig = accountConfig(config, 'binary')
      const read = () => {
        const account = chain.svm.getAccount(who)
        return encodeAccount(account.exists ? account : emptyAccount, encoding, (at) =>
          chain.svm.getAccount(at),
        )
      }
      let last = toJson(read())
      const pending: { slot: bigint; value: unknown }[] = []
      const id: number = add({
        kind: 'account',
        check: () => {
          const value = read()
          const text = toJson(value)
          if (text !== last) {
            last = text
            pending.push({ slot: chain.slot(), value })
          }
          const seen = chain.slotAt(commitment)
          while (pending[0] && pending[0].slot <= seen) {
            const next = pending.shift()
            if (next) notify('accountNotification', id, withContext(next.slot, next.value))
          }
          return true
        },
      })
      return id
    },
    slotSubscribe() {
      const id: number = add({
        kind: 'slot',
        check: (reason) => {
          if (reason !== 'slot') return true
          const slot = chain.slot()
          notify('slotNotification', id, {
            parent: slot - 1n,
            root: chain.slotAt('finalized'),
            slot,
          })
          return true
        },
      })
      return id
    },
    signatureUnsubscribe: remove,
    accountUnsubscribe: remove,
    slotUnsubscribe: remove,
  }

  const stopListening = chain.onChange((reason) => {
    for (const [id, subscription] of subscriptions) {
      if (!subscription.check(reason)) subscriptions.delete(id)
    }
  })
  socket.on('message', (data, isBinary) => {
    if (isBinary) return
    void answerJsonRpc(methods, data.toString()).then((text) => {
      if (text !== undefined && socket.readyState === socket.OPEN) socket.send(text)
    })
  })
  socket.on('error', () => socket.terminate())
  socket.on('close', () => {
    stopListening()
    subscriptions.clear()
  })
}
