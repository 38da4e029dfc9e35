import type { Hex } from 'viem'
import { InvalidSiwxMessageError } from '../../src/errors/InvalidSiwxMessageError'
import {
  SiwxVerificationError,
  type SiwxVerificationFailure,
} from '../../src/errors/SiwxVerificationError'
import { checkSolanaSiwxSignature } from '../../src/siwx/checkSolanaSiwxSignature'
import { parseSiwxMessage } from '../../src/siwx/parseSiwxMessage'
import { parseRfc3986Uri } from '../../src/siwx/rfc3986'
import { parseDateTime } from '../../src/siwx/siwxGrammar'
import { isSameSiwxAddress } from '../../src/siwx/siwxSessions'
import type { SiwxSession } from '../../src/siwx/types'
import { solanaClusters } from '../../src/solana/solanaClusters'
import { parseCaipNetworkId } from '../../src/utils/caip'
import { raceDeadline } from '../../src/utils/raceDeadline'
import type { SiwxNonceStore } from './createMemoryNonceStore'

/** The part of a viem public client the verifier uses (EOA, EIP-1271 and EIP-6492 checks). */
export type SiwxVerifyClient = {
  chain?: { id: number } | undefined
  verifyMessage(parameters: {
    address: Hex
    message: string
    signature: Hex
    mode?: 'auto' | 'eoa' | undefined
  }): Promise<boolean>
}

/** What the relying party expects of a sign-in message. */
export type SiwxExpectations = {
  /** This site's `host[:port]`, compared exactly (no case folding, no trailing dot, no subdomain). Required. */
  domain: string
  /** The exact URI; when absent an http(s) URI must point at `domain`, any other URI is refused. */
  uri?: string | undefined
  /**
   * The origin's scheme; a message without one counts as `https`.
   * @default 'https'
   */
  scheme?: string | undefined
  /** eip155 chain ids (numbers or `eip155:n`) accepted; when absent, those with a client. */
  chainIds?: readonly (number | string)[] | undefined
  /**
   * Solana clusters accepted: `mainnet`, `devnet`, `testnet` (their CAIP-2 genesis-hash ids) or
   * a CAIP-2 id `solana:<reference>`, compared exactly. When absent, Solana sign-in is refused.
   */
  solanaClusters?: readonly string[] | undefined
  /** The address the caller claims; refused when it is not the message's address. */
  address?: string | undefined
  /**
   * Oldest `issuedAt` accepted, in milliseconds.
   * @default 600_000 (10 minutes)
   */
  maxAge?: number | undefined
}

/** Parameters of {@link verifySiwx}. */
export type VerifySiwxParameters = {
  /** The exact text the wallet signed. */
  message: string
  /**
   * eip155: `0x` hex (65 bytes, EIP-2098's 64, or a contract account's format); solana: the
   * 64-byte Ed25519 signature in base58 (no other encoding is read).
   */
  signature: Hex | string
  expected: SiwxExpectations
  nonceStore: SiwxNonceStore
  /** Clients by eip155 chain id; the contract account is resolved on the message's chain. */
  publicClients?: Record<number, SiwxVerifyClient> | undefined
  /** One client; used only when its `chain.id` is the message's chain. */
  publicClient?: SiwxVerifyClient | undefined
  /** @default Date.now */
  now?: (() => number | Date) | undefined
  /**
   * Time limit of the on-chain check (EIP-1271 / EIP-6492), in milliseconds.
   * @default 5_000
   */
  timeout?: number | undefined
}

const clockSkew = 60_000

function reject(reason: SiwxVerificationFailure, details?: string, cause?: unknown): never {
  throw new SiwxVerificationError({ reason, details, cause })
}

function parse(message: string) {
  try {
    return parseSiwxMessage(message)
  } catch (error) {
    if (!(error instanceof InvalidSiwxMessageError)) throw error
    if (error.field === 'domain' && error.reason === 'missing')
      reject('MISSING_DOMAIN', undefined, error)
    // A domain that is not even an authority cannot be ours.
    if (error.field === 'domain') reject('DOMAIN_MISMATCH', error.shortMessage, error)
    // Nor can a URI that is not an RFC 3986 URI.
    if (error.field === 'uri' || error.field === 'scheme')
      reject(error.field === 'uri' ? 'URI_MISMATCH' : 'SCHEME_MISMATCH', error.shortMessage, error)
    if (error.field === 'nonce' && error.reason === 'missing')
      reject('MISSING_NONCE', undefined, error)
    if (['issuedAt', 'expirationTime', 'notBefore'].includes(error.field))
      reject('INVALID_TIME', error.field, error)
    return reject('INVALID_MESSAGE', error.shortMessage, error)
  }
}

function toChainId(value: number | string): number {
  return typeof value === 'number'
    ? value
    : Number(value.startsWith('eip155:') ? value.slice(7) : value)
}

const defaultPorts: Record<string, string> = { http: '80', https: '443' }

/**
 * The URI must be `expected.uri` exactly, or else an http(s) URI (RFC 3986, re-checked here
 * whatever the parser did) of the message's scheme whose authority is the domain: no userinfo,
 * the host as written (case aside, no percent escapes), the port the domain's or the default.
 */
function checkUri(uri: string, domain: string, scheme: string, expected: string | undefined) {
  if (expected !== undefined) {
    if (uri !== expected) reject('URI_MISMATCH')
    return
  }
  const parts = parseRfc3986Uri(uri)
  if (!parts) return reject('URI_MISMATCH', 'Not an RFC 3986 URI.')
  const uriScheme = parts.scheme.toLowerCase()
  if (uriScheme !== 'https' && uriScheme !== 'http')
    reject('URI_MISMATCH', 'Pass expected.uri for a non-web URI.')
  const authority = parts.authority
  if (uriScheme !== scheme || !authority || authority.userinfo !== undefined)
    return reject('URI_MISMATCH')
  const port = authority.port === defaultPorts[uriScheme] ? '' : (authority.port ?? '')
  const host = authority.host.toLowerCase()
  if ((port === '' ? host : `${host}:${port}`) !== domain.toLowerCase()) reject('URI_MISMATCH')
}

function checkTimes(data: SiwxSession['data'], now: number, maxAge: number) {
  const issuedAt = parseDateTime(data.issuedAt)
  const expires = data.expirationTime === undefined ? undefined : parseDateTime(data.expirationTime)
  const notBefore = data.notBefore === undefined ? undefined : parseDateTime(data.notBefore)
  if (
    issuedAt === undefined ||
    (data.expirationTime !== undefined && expires === undefined) ||
    (data.notBefore !== undefined && notBefore === undefined)
  )
    reject('INVALID_TIME')
  if (
    expires !== undefined &&
    (expires < issuedAt || (notBefore !== undefined && expires <= notBefore))
  )
    reject('INVALID_TIME', 'The message expires before it becomes valid.')
  if (expires !== undefined && now >= expires + clockSkew) reject('EXPIRED')
  if (notBefore !== undefined && notBefore > now + clockSkew) reject('NOT_YET_VALID')
  if (issuedAt > now + clockSkew) reject('NOT_YET_VALID', 'Issued in the future.')
  if (now - issuedAt > maxAge + clockSkew) reject('ISSUED_AT_TOO_OLD')
}

/** Order of secp256k1's group (SEC 2, §2.4.1); a canonical ECDSA signature has s ≤ n / 2. */
const secp256k1Order = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

/**
 * Refuses an ECDSA signature whose `s` is in the upper half of the group (EIP-2): the same
 * signer's other, malleable form. Applies to 65-byte (r, s, v) and 64-byte EIP-2098 signatures;
 * longer ones (EIP-6492 wrappers, contract-defined formats) are left to the account's contract.
 */
function checkCanonical(signature: string) {
  const hex = signature.slice(2)
  let s: bigint
  if (hex.length === 130) s = BigInt(`0x${hex.slice(64, 128)}`)
  else if (hex.length === 128) s = BigInt(`0x${hex.slice(64, 128)}`) & ((1n << 255n) - 1n)
  else return
  if (s === 0n || s > secp256k1Order / 2n)
    reject('NON_CANONICAL_SIGNATURE', "The signature's s is not in the lower half of the order.")
}

async function checkSignature(
  client: SiwxVerifyClient,
  data: SiwxSession['data'],
  message: string,
  signature: string,
  timeout: number,
) {
  try {
    const valid = await raceDeadline(
      // 'eoa' mode: an EOA signature is recovered locally with no RPC; otherwise EIP-1271 / 6492 on chain.
      Promise.resolve(
        client.verifyMessage({
          address: data.accountAddress as Hex,
          message,
          signature: signature as Hex,
          mode: 'eoa',
        }),
      ),
      timeout,
      () => new SiwxVerificationError({ reason: 'TIMEOUT' }),
    )
    if (valid !== true) reject('INVALID_SIGNATURE')
  } catch (error) {
    if (error instanceof SiwxVerificationError) throw error
    reject('RPC_ERROR', undefined, error)
  }
}

/** The CAIP-2 id of a cluster as `expected.solanaClusters` names it. */
function solanaClusterId(entry: string): string {
  return Object.hasOwn(solanaClusters, entry)
    ? (solanaClusters[entry as keyof typeof solanaClusters].caipNetworkId as string)
    : entry
}

function checkSolanaCluster(chainId: string, allowed: readonly string[] | undefined) {
  if (!allowed) reject('CHAIN_NOT_ALLOWED', 'List the Solana clusters to accept: solanaClusters.')
  if (!allowed.map(solanaClusterId).includes(chainId))
    reject('CHAIN_NOT_ALLOWED', `${chainId} is not one of the Solana clusters accepted.`)
}

const solanaFailures = {
  encoding: ['INVALID_SIGNATURE', 'Expected the 64-byte Ed25519 signature in base58.'],
  nonCanonical: ['NON_CANONICAL_SIGNATURE', "The signature's S is not below the group order."],
  publicKey: ['INVALID_SIGNATURE', 'The address is not an Ed25519 public key that can sign.'],
  message: ['INVALID_MESSAGE', 'The message has no UTF-8 form (a lone surrogate).'],
  mismatch: ['INVALID_SIGNATURE', undefined],
} as const

// Ed25519 over the message's UTF-8 bytes, locally (no RPC): CAIP-122's Solana profile.
function checkSolanaSignature(address: string, message: string, signature: string) {
  const problem = checkSolanaSiwxSignature({ address, message, signature })
  if (!problem) return
  const [reason, details] = solanaFailures[problem]
  reject(reason, details)
}

/**
 * Verifies a signed sign-in message for a server of the host's own (Next.js, Express…) and
 * returns the session. Fails closed with a `SiwxVerificationError` whose `reason` names the check:
 * domain and nonce are mandatory, the domain is compared exactly, the URI, scheme and chain must
 * match, times must parse and hold (±60 s skew, `issuedAt` at most `maxAge` old), the signature
 * must be `message.address`'s (EOA locally, EIP-1271 / EIP-6492 through the chain, an RPC error
 * or a timeout rejects; Solana: Ed25519 locally, on a cluster of `expected.solanaClusters`) and
 * the nonce is consumed once, atomically, after the signature checks.
 * @see https://eips.ethereum.org/EIPS/eip-4361
 * @see https://github.com/ChainAgnostic/namespaces/blob/main/solana/caip122.md
 */
export async function verifySiwx(parameters: VerifySiwxParameters): Promise<SiwxSession> {
  const { expected, message, nonceStore, signature } = parameters
  if (!expected?.domain) reject('MISSING_DOMAIN', 'expected.domain is required.')
  if (!nonceStore) reject('MISSING_NONCE', 'A nonce store is required.')
  if (typeof message !== 'string' || typeof signature !== 'string') reject('INVALID_MESSAGE')
  const data = parse(message)
  const { namespace, reference } = parseCaipNetworkId(data.chainId)
  if (namespace === 'eip155' && !/^0x[0-9a-fA-F]*$/.test(signature)) reject('INVALID_MESSAGE')

  if (data.domain !== expected.domain) reject('DOMAIN_MISMATCH')
  const scheme = data.scheme ?? 'https'
  if (scheme !== (expected.scheme ?? 'https')) reject('SCHEME_MISMATCH')
  checkUri(data.uri, data.domain, scheme, expected.uri)

  let client: SiwxVerifyClient | undefined
  if (namespace === 'eip155') {
    const chainId = Number(reference)
    if (expected.chainIds && !expected.chainIds.map(toChainId).includes(chainId))
      reject('CHAIN_NOT_ALLOWED')
    client =
      parameters.publicClients?.[chainId] ??
      (parameters.publicClient?.chain?.id === chainId ? parameters.publicClient : undefined)
    if (!client) reject('CHAIN_NOT_ALLOWED', `No client for chain ${chainId}.`)
  } else if (namespace === 'solana') checkSolanaCluster(data.chainId, expected.solanaClusters)
  else reject('CHAIN_NOT_ALLOWED', 'Only eip155 and solana messages are verified here.')

  if (
    expected.address !== undefined &&
    !isSameSiwxAddress(data.chainId, expected.address, data.accountAddress)
  )
    reject('ADDRESS_MISMATCH')

  const now = Number(parameters.now?.() ?? Date.now())
  if (!Number.isFinite(now)) reject('INVALID_TIME', 'The current time is not a number.')
  checkTimes(data, now, expected.maxAge ?? 600_000)

  if (namespace === 'solana') checkSolanaSignature(data.accountAddress, message, signature)
  else {
    checkCanonical(signature)
    const timeout = parameters.timeout ?? 5_000
    await checkSignature(client as SiwxVerifyClient, data, message, signature, timeout)
  }
  if (!(await nonceStore.consume(data.nonce))) reject('UNKNOWN_NONCE')
  return { data, message, signature }
}
