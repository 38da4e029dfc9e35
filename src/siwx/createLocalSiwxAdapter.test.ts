import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { createSolanaSigner } from '../../test/harness/solanaSigner'
import { SiwxVerificationError } from '../errors/SiwxVerificationError'
import type { StorageLike } from '../storage/createValidatedStorage'
import { createLocalSiwxAdapter } from './createLocalSiwxAdapter'
import { createSiwxMessage } from './createSiwxMessage'
import { generateSiwxNonce } from './generateSiwxNonce'
import { parseSiwxMessage } from './parseSiwxMessage'
import type { SiwxSession } from './types'

const account = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
const other = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
)
const input = { chainId: 'eip155:1' as const, address: account.address }
const solanaAlice = createSolanaSigner(1)
const solanaBob = createSolanaSigner(2)

function memory(): StorageLike & { values: Map<string, string> } {
  const values = new Map<string, string>()
  return {
    values,
    getItem: (k) => values.get(k) ?? null,
    setItem: (k, v) => void values.set(k, v),
    removeItem: (k) => void values.delete(k),
  }
}

function setup(overrides: Parameters<typeof createLocalSiwxAdapter>[0] = {}) {
  const storage = memory()
  const adapter = createLocalSiwxAdapter({
    storage,
    getOrigin: () => ({ domain: 'dapp.test', uri: 'https://dapp.test/' }),
    statement: 'Sign in to the demo',
    onWarn: () => {},
    ...overrides,
  })
  return { adapter, storage }
}

async function signedSession(
  adapter: ReturnType<typeof setup>['adapter'],
  signer = account,
): Promise<SiwxSession> {
  const { data, message } = await adapter.createMessage(input)
  return { data, message, signature: await signer.signMessage({ message }) }
}

async function reason(promise: Promise<unknown>) {
  return promise.then(
    () => 'resolved',
    (error) => (error instanceof SiwxVerificationError ? error.reason : String(error)),
  )
}

describe('generateSiwxNonce', () => {
  test('default: 22 base62 characters (131 bits), no repeats', () => {
    const nonces = new Set(Array.from({ length: 2000 }, () => generateSiwxNonce()))
    expect(nonces.size).toBe(2000)
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9]{22}$/)
    expect(generateSiwxNonce(8)).toHaveLength(22)
  })
})

describe('createLocalSiwxAdapter', () => {
  test('default: sign in, get, revoke', async () => {
    const { adapter, storage } = setup()
    const session = await signedSession(adapter)
    expect(session.message).toContain('dapp.test wants you to sign in with your Ethereum account:')
    await adapter.addSession(session)
    expect(await adapter.getSessions('eip155:1', account.address.toLowerCase())).toHaveLength(1)
    expect(await adapter.getSessions('eip155:56', account.address)).toEqual([])
    expect(storage.values.get('latchkey.siwx.sessions')).toContain(session.signature)
    await adapter.revokeSession('eip155:1', account.address)
    expect(await adapter.getSessions('eip155:1', account.address)).toEqual([])
    expect(adapter.getRequired?.()).toBe(false)
    expect(adapter.signOutOnDisconnect).toBe(true)
  })

  test('behavior: a nonce is single use, even for two concurrent adds', async () => {
    const { adapter } = setup()
    const session = await signedSession(adapter)
    const results = await Promise.all([
      reason(adapter.addSession(session)),
      reason(adapter.addSession(session)),
    ])
    expect(results.sort()).toEqual(['UNKNOWN_NONCE', 'resolved'])
    expect(await reason(adapter.addSession(session))).toBe('UNKNOWN_NONCE')
  })

  test('behavior: rejections', async () => {
    const { adapter } = setup()
    expect(await reason(adapter.addSession(await signedSession(adapter, other)))).toBe(
      'INVALID_SIGNATURE',
    )
    const forged = await signedSession(adapter)
    expect(
      await reason(
        adapter.addSession({ ...forged, data: { ...forged.data, accountAddress: other.address } }),
      ),
    ).toBe('INVALID_MESSAGE')
    const foreignNonce = createSiwxMessage({ ...forged.data, nonce: generateSiwxNonce() })
    expect(
      await reason(
        adapter.addSession({
          data: parseSiwxMessage(foreignNonce),
          message: foreignNonce,
          signature: await account.signMessage({ message: foreignNonce }),
        }),
      ),
    ).toBe('UNKNOWN_NONCE')
    const otherDomain = createSiwxMessage({ ...forged.data, domain: 'evil.test' })
    expect(
      await reason(
        adapter.addSession({
          data: parseSiwxMessage(otherDomain),
          message: otherDomain,
          signature: '0x',
        }),
      ),
    ).toBe('DOMAIN_MISMATCH')
    expect(await reason(adapter.addSession({ ...forged, message: `${forged.message}\n` }))).toBe(
      'INVALID_MESSAGE',
    )
    expect(await adapter.getSessions('eip155:1', account.address)).toEqual([])
  })

  test('behavior: expired sessions are not returned', async () => {
    let time = Date.parse('2025-01-01T00:00:00Z')
    const { adapter } = setup({ now: () => time, expiresIn: 60_000 })
    await adapter.addSession(await signedSession(adapter))
    expect(await adapter.getSessions('eip155:1', account.address)).toHaveLength(1)
    time += 60_000
    expect(await adapter.getSessions('eip155:1', account.address)).toEqual([])
  })

  test('behavior: nonces expire after 10 minutes', async () => {
    let time = Date.parse('2025-01-01T00:00:00Z')
    const { adapter } = setup({ now: () => time })
    const session = await signedSession(adapter)
    time += 10 * 60_000
    expect(await reason(adapter.addSession(session))).toBe('UNKNOWN_NONCE')
  })

  test('behavior: setSessions replaces the list and re-checks signatures', async () => {
    const { adapter } = setup()
    const session = await signedSession(adapter)
    await adapter.addSession(session)
    await adapter.setSessions([])
    expect(await adapter.getSessions('eip155:1', account.address)).toEqual([])
    await adapter.setSessions([session])
    expect(await adapter.getSessions('eip155:1', account.address)).toHaveLength(1)
    expect(
      await reason(
        adapter.setSessions([
          { ...session, signature: await other.signMessage({ message: session.message }) },
        ]),
      ),
    ).toBe('INVALID_SIGNATURE')
  })

  test('behavior: storage that throws falls back to memory; corrupted entries are dropped', async () => {
    const warnings: string[] = []
    const adapter = createLocalSiwxAdapter({
      storage: () => {
        throw new DOMException('blocked', 'SecurityError')
      },
      getOrigin: () => ({ domain: 'dapp.test', uri: 'https://dapp.test/' }),
      onWarn: (m) => warnings.push(m),
    })
    await adapter.addSession(await signedSession(adapter))
    expect(await adapter.getSessions('eip155:1', account.address)).toHaveLength(1)
    expect(warnings).toHaveLength(1)

    const { adapter: second, storage } = setup()
    const good = await signedSession(second)
    await second.addSession(good)
    const raw = JSON.parse(storage.values.get('latchkey.siwx.sessions') as string)
    storage.values.set(
      'latchkey.siwx.sessions',
      JSON.stringify([...raw, { data: { nonce: 'x' } }, 42]),
    )
    expect(await second.getSessions('eip155:1', account.address)).toHaveLength(1)
    storage.values.set('latchkey.siwx.sessions', '{not json')
    expect(await second.getSessions('eip155:1', account.address)).toEqual([])
  })

  test('behavior: the default verifier checks Solana Ed25519 signatures (base58)', async () => {
    const { adapter } = setup()
    const solana = {
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const,
      address: solanaAlice.address,
    }
    const signed = async (signer = solanaAlice) => {
      const { data, message } = await adapter.createMessage(solana)
      return { data, message, signature: await signer.signMessage({ message }) }
    }
    const session = await signed()
    expect(session.message).toContain('with your Solana account:')
    await adapter.addSession(session)
    expect(await adapter.getSessions(solana.chainId, solanaAlice.address)).toHaveLength(1)
    // base58 is case-sensitive: another case is another account.
    expect(await adapter.getSessions(solana.chainId, solanaAlice.address.toLowerCase())).toEqual([])
    expect(await reason(adapter.addSession(await signed(solanaBob)))).toBe('INVALID_SIGNATURE')
    const tampered = await signed()
    const message = tampered.message.replace('Sign in to the demo', 'Sign in to the dem0')
    expect(await reason(adapter.addSession({ ...tampered, message }))).toBe('INVALID_SIGNATURE')
    const short = { ...(await signed()), signature: session.signature.slice(0, 40) }
    expect(await reason(adapter.addSession(short))).toBe('INVALID_SIGNATURE')
    // setSessions re-checks the signature too.
    expect(
      await reason(
        adapter.setSessions([{ ...session, signature: (await signed(solanaBob)).signature }]),
      ),
    ).toBe('INVALID_SIGNATURE')
  })

  test('behavior: the default verifier refuses namespaces it cannot check', async () => {
    const { adapter } = setup()
    const cosmos = {
      chainId: 'cosmos:cosmoshub-4' as const,
      address: 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu',
    }
    const { data, message } = await adapter.createMessage(cosmos)
    expect(message).toContain('with your Cosmos account:')
    expect(await reason(adapter.addSession({ data, message, signature: 'sig' }))).toBe(
      'INVALID_SIGNATURE',
    )
  })
})
