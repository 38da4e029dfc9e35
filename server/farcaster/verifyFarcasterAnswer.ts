import { type Address, encodeAbiParameters, type Hex, isAddressEqual } from 'viem'
import { FarcasterRelayError } from '../../src/errors/FarcasterRelayError'
import {
  FarcasterVerificationError,
  type FarcasterVerificationFailure,
} from '../../src/errors/FarcasterVerificationError'
import { parseSiwxMessage } from '../../src/siwx/parseSiwxMessage'
import { parseDateTime } from '../../src/siwx/siwxGrammar'
import type { SiwxMessage } from '../../src/siwx/types'
import { authAddressKeyType, farcasterChainId, keyStateAdded } from './farcasterRegistries'

/** What the server reads of Optimism to tie a signer to a fid (see `createFarcasterChain`). */
export interface FarcasterChain {
  /** EOA signatures recovered locally; a contract custody address by EIP-1271 / 6492 on chain. */
  verifyMessage(parameters: { address: Address; message: string; signature: Hex }): Promise<boolean>
  /** The ID registry's custody address of `fid`. */
  custodyOf(fid: bigint): Promise<Address>
  /** The key registry's entry for `key` of `fid`. */
  keyDataOf(fid: bigint, key: Hex): Promise<{ state: number; keyType: number }>
}

/** What the login was started for: the message must name exactly these. */
export interface FarcasterExpectations {
  domain: string
  uri: string
  nonce: string
  now: number
}

/** The completed channel as the relay reports it. */
export interface FarcasterSignedAnswer {
  message: string
  signature: string
  fid: number
}

/** Who signed in: the fid, proven by its custody address or one of its auth addresses. */
export interface VerifiedFarcasterLogin {
  fid: number
  address: Address
  authMethod: 'custody' | 'authAddress'
}

const statement = 'Farcaster Auth'
const fidResource = /^farcaster:\/\/fid\/([1-9]\d{0,15})\/?$/
const methodResource = /^farcaster:\/\/signer\/type\/(custody|authAddress)\/?$/
// A phone's clock a little ahead of ours is not an attack.
const clockSkewMs = 5 * 60_000

function refuse(reason: FarcasterVerificationFailure, cause?: unknown): never {
  throw new FarcasterVerificationError({ reason, cause })
}

function read(text: string): SiwxMessage {
  try {
    return parseSiwxMessage(text)
  } catch (cause) {
    return refuse('MESSAGE', cause)
  }
}

/** The fid and the signer type the message's resources name (exactly one fid, at most one type). */
function resourcesOf(message: SiwxMessage) {
  const resources = message.resources ?? []
  const fids = resources.flatMap((entry) => fidResource.exec(entry)?.[1] ?? [])
  const methods = resources.flatMap((entry) => methodResource.exec(entry)?.[1] ?? [])
  if (fids.length !== 1 || methods.length > 1) refuse('MESSAGE')
  const fid = Number(fids[0])
  if (!Number.isSafeInteger(fid)) refuse('MESSAGE')
  return { fid, authMethod: methods[0] === 'authAddress' ? 'authAddress' : 'custody' } as const
}

function checkTimes(message: SiwxMessage, now: number) {
  const at = (value: string | undefined) => (value === undefined ? undefined : parseDateTime(value))
  const issuedAt = at(message.issuedAt)
  const expires = at(message.expirationTime)
  const notBefore = at(message.notBefore)
  if (issuedAt === undefined || issuedAt > now + clockSkewMs) refuse('EXPIRED')
  if (expires !== undefined && expires <= now) refuse('EXPIRED')
  if (notBefore !== undefined && notBefore > now + clockSkewMs) refuse('EXPIRED')
}

async function onChain<T>(step: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (cause) {
    if (cause instanceof FarcasterRelayError) throw cause
    // Fail closed: an RPC that cannot answer signs nobody in.
    throw new FarcasterRelayError({ reason: `rpc: ${step} failed.`, cause })
  }
}

/**
 * Verifies a completed Sign In With Farcaster channel (FIP-11, an EIP-4361 message): the message
 * is Farcaster's (statement "Farcaster Auth", chain 10, one `farcaster://fid/<fid>` resource), for
 * this login's domain, URI and server nonce, inside its times, signed by its address; the relay's
 * fid is the message's; and the signer is the fid's custody address in the ID registry or, when
 * the message says so, an auth address (key type 2, added) in the key registry.
 * @throws {FarcasterVerificationError} naming the check that failed.
 * @throws {FarcasterRelayError} when the RPC does not answer (nobody is signed in).
 */
export async function verifyFarcasterAnswer(
  answer: FarcasterSignedAnswer,
  expected: FarcasterExpectations,
  chain: FarcasterChain,
): Promise<VerifiedFarcasterLogin> {
  const message = read(answer.message)
  if (message.statement !== statement || message.chainId !== `eip155:${farcasterChainId}`)
    refuse('MESSAGE')
  const { fid, authMethod } = resourcesOf(message)
  if (message.domain !== expected.domain || message.uri !== expected.uri) refuse('DOMAIN')
  if (message.nonce !== expected.nonce) refuse('NONCE')
  checkTimes(message, expected.now)
  if (answer.fid !== fid) refuse('FID')
  const address = message.accountAddress as Address
  const signed = await onChain('signature', () =>
    chain.verifyMessage({ address, message: answer.message, signature: answer.signature as Hex }),
  )
  if (!signed) refuse('SIGNATURE')
  if (authMethod === 'custody') {
    const custody = await onChain('custodyOf', () => chain.custodyOf(BigInt(fid)))
    if (!isAddressEqual(custody, address)) refuse('OWNER')
  } else {
    // The key registry keys an auth address by its ABI encoding (32 bytes, left-padded).
    const key = encodeAbiParameters([{ type: 'address' }], [address])
    const data = await onChain('keyDataOf', () => chain.keyDataOf(BigInt(fid), key))
    if (data.keyType !== authAddressKeyType || data.state !== keyStateAdded) refuse('OWNER')
  }
  return { fid, address, authMethod }
}
