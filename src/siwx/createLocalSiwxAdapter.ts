import { verifyMessage } from 'viem'
import { InvalidSiwxMessageError } from '../errors/InvalidSiwxMessageError'
import { SiwxVerificationError } from '../errors/SiwxVerificationError'
import { parseCaipNetworkId } from '../utils/caip'
import { createSiwxMessage } from './createSiwxMessage'
import {
  type CreateSiwxSessionStorageParameters,
  createSiwxSessionStorage,
} from './createSiwxSessionStorage'
import { generateSiwxNonce } from './generateSiwxNonce'
import { parseSiwxMessage } from './parseSiwxMessage'
import type { SiwxAdapter } from './SiwxAdapter'
import { parseDateTime } from './siwxGrammar'
import {
  addSiwxSession,
  getSiwxSessions,
  isSameSiwxAddress,
  removeSiwxSessions,
} from './siwxSessions'
import type { SiwxSession } from './types'

/** Parameters of {@link createLocalSiwxAdapter}. */
export type CreateLocalSiwxAdapterParameters = CreateSiwxSessionStorageParameters & {
  /** One-line statement shown in the message. */
  statement?: string | undefined
  /**
   * How long a session lasts, in milliseconds.
   * @default 86_400_000 (24 hours)
   */
  expiresIn?: number | undefined
  /**
   * The domain and URI written into messages.
   * @default () => ({ domain: location.host, uri: location.href })
   */
  getOrigin?: (() => { domain: string; uri: string }) | undefined
  /**
   * Checks a signature. The default verifies eip155 EOA signatures (EIP-191) and Solana Ed25519
   * signatures (base58) locally, with no RPC, and refuses every other namespace; pass one to
   * accept smart accounts.
   */
  verifySignature?: ((session: SiwxSession) => Promise<boolean>) | undefined
  /** @default false */
  required?: boolean | undefined
  /** @default true */
  signOutOnDisconnect?: boolean | undefined
  /** @default Date.now */
  now?: (() => number) | undefined
}

const nonceLifetime = 10 * 60_000
const clockSkew = 60_000

function defaultOrigin() {
  const location = (globalThis as { location?: { host: string; href: string } }).location
  if (!location?.host) throw new InvalidSiwxMessageError({ field: 'domain', reason: 'missing' })
  return { domain: location.host, uri: location.href }
}

async function defaultVerifySignature(session: SiwxSession): Promise<boolean> {
  const { namespace } = parseCaipNetworkId(session.data.chainId)
  if (namespace === 'solana') {
    // Ed25519 code loads only when a Solana account signs in (STYLE.md §7).
    const { checkSolanaSiwxSignature } = await import('./checkSolanaSiwxSignature')
    const { message, signature } = session
    return !checkSolanaSiwxSignature({ address: session.data.accountAddress, message, signature })
  }
  if (namespace !== 'eip155') return false
  return verifyMessage({
    address: session.data.accountAddress as `0x${string}`,
    message: session.message,
    signature: session.signature as `0x${string}`,
  }).catch(() => false)
}

/**
 * A sign-in adapter that needs no server, for demos and local development: nonces come from
 * `crypto.getRandomValues` and are remembered in memory (single use, 10 minutes), sessions are
 * kept in Web Storage. A page can forge its own storage, so never trust these sessions on a
 * server: use `createServerSiwxAdapter` for real sign-in.
 * @see https://chainagnostic.org/CAIPs/caip-122
 */
export function createLocalSiwxAdapter(
  parameters: CreateLocalSiwxAdapterParameters = {},
): SiwxAdapter {
  const {
    expiresIn = 86_400_000,
    getOrigin = defaultOrigin,
    now = Date.now,
    required = false,
    signOutOnDisconnect = true,
    statement,
    verifySignature = defaultVerifySignature,
  } = parameters
  const storage = createSiwxSessionStorage(parameters)
  const nonces = new Map<string, number>()

  function reject(reason: SiwxVerificationError['reason']): never {
    throw new SiwxVerificationError({ reason })
  }

  const adapter: SiwxAdapter = {
    async getNonce() {
      const time = now()
      for (const [nonce, expires] of nonces) if (expires <= time) nonces.delete(nonce)
      const nonce = generateSiwxNonce()
      nonces.set(nonce, time + nonceLifetime)
      return nonce
    },
    async createMessage(input) {
      const { domain, uri } = getOrigin()
      const time = now()
      const data = {
        accountAddress: input.address,
        chainId: input.chainId,
        domain,
        uri,
        version: '1' as const,
        nonce: await adapter.getNonce(input),
        issuedAt: new Date(time).toISOString(),
        expirationTime: new Date(time + expiresIn).toISOString(),
        ...(statement ? { statement } : {}),
      }
      const message = createSiwxMessage(data)
      return { data: parseSiwxMessage(message), message }
    },
    async addSession(session) {
      const checked = await check(session, true)
      storage.write(addSiwxSession(storage.read(), checked))
    },
    async getSessions(chainId, address) {
      return getSiwxSessions(storage.read(), { chainId, address }, now())
    },
    async revokeSession(chainId, address) {
      storage.write(removeSiwxSessions(storage.read(), { chainId, address }))
    },
    async setSessions(sessions) {
      // Re-checked (message, times, signature); their nonces were consumed when first added.
      let next: SiwxSession[] = []
      for (const session of sessions) next = addSiwxSession(next, await check(session, false))
      storage.write(next)
    },
    getRequired: () => required,
    signOutOnDisconnect,
  }

  async function check(session: SiwxSession, consumeNonce: boolean): Promise<SiwxSession> {
    let data: SiwxSession['data']
    try {
      data = parseSiwxMessage(session.message)
    } catch (error) {
      throw new SiwxVerificationError({ reason: 'INVALID_MESSAGE', cause: error })
    }
    if (
      data.chainId !== session.data.chainId ||
      !isSameSiwxAddress(data.chainId, data.accountAddress, session.data.accountAddress) ||
      data.nonce !== session.data.nonce
    )
      reject('INVALID_MESSAGE')
    if (data.domain !== getOrigin().domain) reject('DOMAIN_MISMATCH')
    const time = now()
    const expires =
      data.expirationTime === undefined ? undefined : parseDateTime(data.expirationTime)
    if (expires !== undefined && expires <= time) reject('EXPIRED')
    const notBefore = data.notBefore === undefined ? undefined : parseDateTime(data.notBefore)
    if (notBefore !== undefined && notBefore > time + clockSkew) reject('NOT_YET_VALID')
    if ((parseDateTime(data.issuedAt) ?? Number.POSITIVE_INFINITY) > time + clockSkew)
      reject('NOT_YET_VALID')
    if (consumeNonce) {
      const nonceExpires = nonces.get(data.nonce)
      if (nonceExpires === undefined || nonceExpires <= time) reject('UNKNOWN_NONCE')
      // Consumed before the await so two concurrent adds of one message cannot both pass.
      nonces.delete(data.nonce)
    }
    const checked = { ...session, data }
    if (!(await verifySignature(checked))) reject('INVALID_SIGNATURE')
    return checked
  }
  return adapter
}
