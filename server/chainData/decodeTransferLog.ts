import type { ChainTransferRecord } from '../storage/chainIndexTypes'

/** keccak256('Transfer(address,address,uint256)'): the same topic for ERC-20 and ERC-721. */
export const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

/** A log as `eth_getLogs` answers it. */
export interface RpcLog {
  address: string
  topics: string[]
  data: string
  blockNumber: string
  transactionHash: string
  transactionIndex: string
  logIndex: string
  removed?: boolean
}

const word = /^0x[0-9a-fA-F]{64}$/

/** The address in a 32-byte topic, when its upper 12 bytes are zero. */
function topicAddress(topic: string | undefined): `0x${string}` | undefined {
  if (!topic || !word.test(topic) || !/^0x0{24}/.test(topic)) return undefined
  return `0x${topic.slice(26).toLowerCase()}`
}

/**
 * A Transfer log as a transfer: three topics and a 32-byte amount is ERC-20, four topics (the
 * token id indexed) and no data is ERC-721; any other shape (or a removed log) is undefined.
 */
export function decodeTransferLog(
  chainId: number,
  log: RpcLog,
  timestamp: number,
): ChainTransferRecord | undefined {
  if (log.removed || log.topics[0]?.toLowerCase() !== transferTopic) return undefined
  const from = topicAddress(log.topics[1])
  const to = topicAddress(log.topics[2])
  if (!from || !to) return undefined
  const base = {
    chainId,
    txHash: log.transactionHash.toLowerCase() as `0x${string}`,
    logIndex: Number(log.logIndex),
    blockNumber: Number(log.blockNumber),
    txIndex: Number(log.transactionIndex),
    timestamp,
    contract: log.address.toLowerCase() as `0x${string}`,
    from,
    to,
  }
  if (log.topics.length === 3 && word.test(log.data))
    return { ...base, kind: 'erc20', value: BigInt(log.data).toString(), tokenId: null }
  const tokenId = log.topics[3]
  if (log.topics.length === 4 && tokenId && word.test(tokenId) && log.data === '0x')
    return { ...base, kind: 'erc721', value: '1', tokenId: BigInt(tokenId).toString() }
  return undefined
}
