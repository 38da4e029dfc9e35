import { custom } from 'viem'

/** The receiver the send tests pay (anvil dev account 1). */
export const sendReceiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** The hash the fake wallet answers for the send. */
export const sentHash = `0x${'ab'.repeat(32)}` as const
/** The hash of the transaction that took the sent one's nonce when `outcome` is 'replaced'. */
export const replacementHash = `0x${'ef'.repeat(32)}` as const

const sender = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const gwei = 10n ** 9n
const hex = (value: bigint) => `0x${value.toString(16)}`

/**
 * A scripted chain of 10000 ETH at 1 gwei where a transfer takes 21000 gas. `state.outcome` says
 * what the block the test adds (`state.block += 1n`) holds: nothing yet ('pending'), the sent
 * transaction mined ('success' or 'reverted' receipt), or another transaction of the same sender
 * and nonce paying someone else ('replaced', which viem's receipt wait finds by its block scan).
 */
export function scriptedSendChain() {
  const state = {
    outcome: 'pending' as 'pending' | 'success' | 'reverted' | 'replaced',
    block: 100n,
  }
  const mined = () => state.outcome === 'success' || state.outcome === 'reverted'
  const blockHash = `0x${'cd'.repeat(32)}`
  const transaction = (hash: string, included: boolean) => ({
    hash,
    nonce: '0x0',
    blockHash: included ? blockHash : null,
    blockNumber: included ? hex(state.block) : null,
    transactionIndex: included ? '0x0' : null,
    from: sender,
    // the replacement pays the sender itself a different amount: neither a reprice nor a cancel
    to: hash === replacementHash ? `0x${'12'.repeat(20)}` : sendReceiver.toLowerCase(),
    value: hex(hash === replacementHash ? 10n ** 17n : 5n * 10n ** 17n),
    gas: '0x5208',
    maxFeePerGas: hex(gwei),
    maxPriorityFeePerGas: '0x0',
    input: '0x',
    type: '0x2',
    chainId: '0x1',
    v: '0x0',
    r: `0x${'11'.repeat(32)}`,
    s: `0x${'22'.repeat(32)}`,
  })
  const receipt = (hash: string, status: '0x1' | '0x0') => ({
    transactionHash: hash,
    transactionIndex: '0x0',
    blockHash,
    blockNumber: hex(state.block),
    from: sender,
    to: transaction(hash, true).to,
    cumulativeGasUsed: '0x5208',
    gasUsed: '0x5208',
    effectiveGasPrice: hex(gwei),
    contractAddress: null,
    logs: [],
    logsBloom: `0x${'0'.repeat(512)}`,
    status,
    type: '0x2',
  })
  const transport = custom({
    async request({ method, params }: { method: string; params?: unknown }) {
      const [first] = (params ?? []) as [unknown]
      switch (method) {
        case 'eth_chainId':
          return '0x1'
        case 'eth_getBalance':
          return hex(10_000n * 10n ** 18n)
        case 'eth_gasPrice':
          return hex(gwei)
        case 'eth_estimateGas':
          return hex(21_000n)
        case 'eth_blockNumber':
          return hex(state.block)
        case 'eth_getTransactionByHash':
          if (first === replacementHash) return transaction(replacementHash, true)
          return transaction(sentHash, mined())
        case 'eth_getBlockByNumber':
          return {
            number: hex(state.block),
            hash: blockHash,
            parentHash: `0x${'ef'.repeat(32)}`,
            timestamp: '0x0',
            gasLimit: '0x1c9c380',
            gasUsed: '0x0',
            transactions: mined()
              ? [transaction(sentHash, true)]
              : state.outcome === 'replaced'
                ? [transaction(replacementHash, true)]
                : [],
          }
        case 'eth_getTransactionReceipt':
          if (first === replacementHash)
            return state.outcome === 'replaced' ? receipt(replacementHash, '0x1') : null
          return mined() ? receipt(sentHash, state.outcome === 'success' ? '0x1' : '0x0') : null
        default:
          return null
      }
    },
  })
  return { state, transport }
}
