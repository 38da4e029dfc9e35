/*
 * What a request can move beyond its native value, for the second-factor threshold (issue 16,
 * docs/security.md "What counts toward the threshold"). Pure: the server's policy check and the
 * frame's gate read the same rule. Our own decoding of a handful of fixed-size calls (a word is
 * 32 bytes); no ABI library is needed for them.
 */
import type { CanonicalRequest, CanonicalTypedData } from './types'

/** The token thresholds of one chain: lower-case token address → amount in its smallest unit. */
export type TokenLimits = Readonly<Record<string, bigint>>

/** The request's native value, and what it lets move of each token. */
export type RequestMoves = {
  /** Native value, in wei (a transaction's, or every call of a batch together). */
  native: bigint
  /** Token (lower-case address) → amount moved or allowed; `unlimited` for an open-ended grant. */
  tokens: Map<string, bigint | 'unlimited'>
}

// An allowance this large is an open-ended one in practice (the max uint256 and its neighbours;
// Permit2's uint160 and EIP-2612's uint256 maxima both count).
const unlimitedFrom = 2n ** 159n

/** The selectors read here (4 bytes, lower-case hex) and where their token and amount are. */
const calls: Record<string, { words: number; amount?: number; token?: number; kind?: 'all' }> = {
  a9059cbb: { words: 2, amount: 1 }, // transfer(address to, uint256 amount)
  '23b872dd': { words: 3, amount: 2 }, // transferFrom(address, address, uint256) (ERC-20 and ERC-721)
  '095ea7b3': { words: 2, amount: 1 }, // approve(address spender, uint256 amount) (ERC-20 and ERC-721)
  '39509351': { words: 2, amount: 1 }, // increaseAllowance(address spender, uint256 added)
  '87517c45': { words: 4, amount: 2, token: 0 }, // Permit2 approve(token, spender, uint160, uint48)
  a22cb465: { words: 2, kind: 'all' }, // setApprovalForAll(address operator, bool approved)
  '42842e0e': { words: 3, kind: 'all' }, // ERC-721 safeTransferFrom(address, address, uint256)
  b88d4fde: { words: 4, kind: 'all' }, // ERC-721 safeTransferFrom(…, bytes)
  f242432a: { words: 5, kind: 'all' }, // ERC-1155 safeTransferFrom
  '2eb2c2d6': { words: 5, kind: 'all' }, // ERC-1155 safeBatchTransferFrom
}

const word = (data: string, index: number) =>
  BigInt(`0x${data.slice(8 + index * 64, 72 + index * 64)}`)

function add(tokens: RequestMoves['tokens'], token: string, amount: bigint | 'unlimited') {
  const before = tokens.get(token) ?? 0n
  tokens.set(
    token,
    before === 'unlimited' || amount === 'unlimited' || amount >= unlimitedFrom
      ? 'unlimited'
      : before + amount,
  )
}

/** Adds what one call (`to`, `data`) moves of a token. Unknown selectors move no token here. */
function readCall(tokens: RequestMoves['tokens'], to: string | null, data: string) {
  const hex = data.slice(2).toLowerCase()
  const shape = calls[hex.slice(0, 8)]
  if (!shape || to === null) return
  const target = to.toLowerCase()
  // A known call too short to read is counted as open-ended: it is refused without the factor.
  if (hex.length < 8 + shape.words * 64) return add(tokens, target, 'unlimited')
  if (shape.kind === 'all') {
    // setApprovalForAll(…, false) takes a grant back; every other NFT move needs the factor.
    if (hex.slice(0, 8) === 'a22cb465' && word(hex, 1) === 0n) return
    return add(tokens, target, 'unlimited')
  }
  const token =
    shape.token === undefined
      ? target
      : `0x${hex.slice(8 + shape.token * 64 + 24, 72 + shape.token * 64)}`
  add(tokens, token, word(hex, shape.amount ?? 0))
}

type Json = CanonicalTypedData['typedData']['message'][string]

const isRecord = (value: Json | undefined): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** An amount of a signed message: a number, or its decimal or hex text; unreadable is open-ended. */
function amountOf(value: Json | undefined): bigint | 'unlimited' {
  try {
    if (typeof value === 'number' || typeof value === 'string') return BigInt(value)
  } catch {}
  return 'unlimited'
}

/** One `{ token, amount }` of a Permit2 message (a missing token is counted against nothing). */
function readPermitted(tokens: RequestMoves['tokens'], entry: Json | undefined) {
  if (!isRecord(entry) || typeof entry.token !== 'string')
    return add(tokens, 'unreadable', 'unlimited')
  add(tokens, entry.token.toLowerCase(), amountOf(entry.amount))
}

/**
 * The allowances a signed message grants: EIP-2612 `Permit` (its `value`, or DAI's `allowed`)
 * for the domain's token, and Permit2's `PermitSingle`, `PermitBatch` and the signature-transfer
 * messages (`permitted`, one or a list). Other messages grant nothing read here.
 */
function readTypedData(tokens: RequestMoves['tokens'], typed: CanonicalTypedData['typedData']) {
  const { message, primaryType, domain } = typed
  const list = (value: Json | undefined) => (Array.isArray(value) ? value : [value])
  if (primaryType === 'Permit') {
    const token = typeof domain.verifyingContract === 'string' ? domain.verifyingContract : ''
    const amount =
      typeof message.allowed === 'boolean'
        ? message.allowed
          ? 'unlimited'
          : 0n
        : amountOf(message.value)
    return add(tokens, token.toLowerCase() || 'unreadable', amount)
  }
  if (primaryType === 'PermitSingle' || primaryType === 'PermitBatch')
    for (const entry of list(message.details)) readPermitted(tokens, entry)
  if (/^Permit(Batch)?(Witness)?TransferFrom$/.test(primaryType))
    for (const entry of list(message.permitted)) readPermitted(tokens, entry)
}

/** What `request` moves: its native value and the tokens its calls transfer or allow. */
export function readRequestMoves(request: CanonicalRequest): RequestMoves {
  const tokens: RequestMoves['tokens'] = new Map()
  if (request.method === 'eth_sendTransaction') {
    readCall(tokens, request.to, request.data)
    return { native: BigInt(request.value), tokens }
  }
  if (request.method === 'wallet_sendCalls') {
    let native = 0n
    for (const call of request.calls) {
      native += BigInt(call.value)
      readCall(tokens, call.to, call.data)
    }
    return { native, tokens }
  }
  if (request.method === 'eth_signTypedData_v4') readTypedData(tokens, request.typedData)
  return { native: 0n, tokens }
}

/**
 * Whether `request` needs the second factor under a native threshold `nativeAbove` (wei) and the
 * chain's token thresholds: its native value is above the threshold, or it moves or allows more
 * of a token than that token's threshold, or it moves or allows any amount of a token without
 * one, or it grants an open-ended allowance (an unlimited approve or permit, an NFT operator).
 * Only a request of a chain with a native threshold is judged (no threshold: no factor).
 */
export function exceedsThreshold(
  request: CanonicalRequest,
  nativeAbove: bigint,
  tokenLimits: TokenLimits,
): boolean {
  const { native, tokens } = readRequestMoves(request)
  if (native > nativeAbove) return true
  for (const [token, amount] of tokens) {
    if (amount === 'unlimited') return true
    const limit = tokenLimits[token]
    if (limit === undefined ? amount > 0n : amount > limit) return true
  }
  return false
}
