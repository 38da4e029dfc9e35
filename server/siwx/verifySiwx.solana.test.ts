import { ed25519 } from '@noble/curves/ed25519'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { SiwxVerificationError } from '../../src/errors/SiwxVerificationError'
import { createSiwxMessage } from '../../src/siwx/createSiwxMessage'
import type { SiwxMessage } from '../../src/siwx/types'
import { solanaClusters } from '../../src/solana/solanaClusters'
import { encodeBase58 } from '../../src/utils/encodeBase58'
import { createSolanaSigner, type SolanaSigner } from '../../test/harness/solanaSigner'
import { createMemoryNonceStore } from './createMemoryNonceStore'
import { type VerifySiwxParameters, verifySiwx } from './verifySiwx'

const alice = createSolanaSigner(1)
const bob = createSolanaSigner(2)
const mainnet = solanaClusters.mainnet.caipNetworkId as `solana:${string}`
const now = Date.parse('2025-06-01T12:00:00.000Z')

async function setup(fields: Partial<SiwxMessage> = {}, signer: SolanaSigner = alice) {
  const nonceStore = createMemoryNonceStore({ now: () => now })
  const message = createSiwxMessage({
    accountAddress: alice.address,
    chainId: mainnet,
    domain: 'dapp.test',
    uri: 'https://dapp.test/login',
    version: '1',
    nonce: await nonceStore.issue(),
    issuedAt: new Date(now - 1000).toISOString(),
    ...fields,
  })
  const parameters: VerifySiwxParameters = {
    message,
    signature: await signer.signMessage({ message }),
    expected: { domain: 'dapp.test', solanaClusters: ['mainnet', 'devnet'] },
    nonceStore,
    now: () => now,
  }
  return parameters
}

/** `parameters` with `message` signed by `signer` again: only the edit can be refused. */
async function resigned(parameters: VerifySiwxParameters, message: string, signer = alice) {
  expect(message).not.toBe(parameters.message)
  return { ...parameters, message, signature: await signer.signMessage({ message }) }
}

async function reason(promise: Promise<unknown>) {
  return promise.then(
    () => 'accepted',
    (error) =>
      error instanceof SiwxVerificationError ? error.reason : `untyped: ${String(error)}`,
  )
}

describe('verifySiwx (solana)', () => {
  test('default: an Ed25519 signature of the CAIP-122 message is accepted and returns the session', async () => {
    const parameters = await setup({ statement: 'Sign in to Dapp — ✓' })
    expect(parameters.message.split('\n').slice(0, 2)).toEqual([
      'dapp.test wants you to sign in with your Solana account:',
      alice.address,
    ])
    expect(parameters.message).toContain('\nChain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\n')
    const session = await verifySiwx(parameters)
    expect(session).toMatchObject({
      data: { accountAddress: alice.address, chainId: mainnet, domain: 'dapp.test' },
      message: parameters.message,
      signature: parameters.signature,
    })
  })

  test('parameters: solanaClusters by name or by CAIP-2 id; none refuses Solana', async () => {
    const devnet = await setup({ chainId: solanaClusters.devnet.caipNetworkId })
    expect(await reason(verifySiwx(devnet))).toBe('accepted')
    const local = await setup({ chainId: 'solana:localnet' })
    expect(await reason(verifySiwx(local))).toBe('CHAIN_NOT_ALLOWED')
    expect(
      await reason(
        verifySiwx({
          ...local,
          expected: { domain: 'dapp.test', solanaClusters: ['solana:localnet'] },
        }),
      ),
    ).toBe('accepted')
    const unlisted = await setup()
    expect(await reason(verifySiwx({ ...unlisted, expected: { domain: 'dapp.test' } }))).toBe(
      'CHAIN_NOT_ALLOWED',
    )
    // eip155 options say nothing about Solana.
    expect(
      await reason(verifySiwx({ ...unlisted, expected: { domain: 'dapp.test', chainIds: [1] } })),
    ).toBe('CHAIN_NOT_ALLOWED')
    expect(await reason(verifySiwx(unlisted))).toBe('accepted')
  })

  test.each([
    ['testnet (not listed)', '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'CHAIN_NOT_ALLOWED'],
    ['an unknown cluster', '4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ', 'CHAIN_NOT_ALLOWED'],
    ["the Wallet Standard's name", 'mainnet', 'CHAIN_NOT_ALLOWED'],
    ['an eip155 chain id', '1', 'CHAIN_NOT_ALLOWED'],
    // CAIP-2 keeps the first 32 characters of the genesis hash; the whole hash is no reference.
    ['the whole genesis hash', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d', 'INVALID_MESSAGE'],
  ] as const)('behavior: a Solana message on %s is refused (%s)', async (_, reference, code) => {
    const parameters = await setup()
    const message = parameters.message.replace(
      'Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      `Chain ID: ${reference}`,
    )
    expect(await reason(verifySiwx(await resigned(parameters, message)))).toBe(code)
  })

  test('behavior: a message signed by another key, or changed by one byte, is INVALID_SIGNATURE', async () => {
    expect(await reason(verifySiwx(await setup({}, bob)))).toBe('INVALID_SIGNATURE')
    const parameters = await setup()
    for (const message of [
      parameters.message.replace('URI: https://dapp.test/login', 'URI: https://dapp.test/logon'),
      parameters.message.replace(alice.address, bob.address),
      `${parameters.message}\nRequest ID: 1`,
    ])
      expect(await reason(verifySiwx({ ...parameters, message }))).toBe('INVALID_SIGNATURE')
    // The refusals did not spend the nonce.
    expect(await reason(verifySiwx(parameters))).toBe('accepted')
  })

  test('behavior: a signature that is not base58 of 64 bytes is INVALID_SIGNATURE', async () => {
    const parameters = await setup()
    const raw = alice.signBytes(parameters.message)
    const eoa = privateKeyToAccount(
      '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    )
    for (const signature of [
      encodeBase58(raw.subarray(0, 63)),
      encodeBase58(Uint8Array.from([...raw, 7])),
      btoa(String.fromCharCode(...raw)),
      await eoa.signMessage({ message: parameters.message }),
      'x'.repeat(65_536),
    ])
      expect(await reason(verifySiwx({ ...parameters, signature })), signature.slice(0, 12)).toBe(
        'INVALID_SIGNATURE',
      )
    expect(await reason(verifySiwx(parameters))).toBe('accepted')
  })

  test('behavior: S + L, the malleable twin of a valid signature, is NON_CANONICAL_SIGNATURE', async () => {
    const parameters = await setup()
    const raw = alice.signBytes(parameters.message)
    let s = 0n
    for (let index = 63; index >= 32; index--) s = (s << 8n) | BigInt(raw[index] as number)
    const twin = raw.slice()
    for (let index = 0; index < 32; index++)
      twin[32 + index] = Number(((s + ed25519.CURVE.n) >> BigInt(8 * index)) & 0xffn)
    expect(await reason(verifySiwx({ ...parameters, signature: encodeBase58(twin) }))).toBe(
      'NON_CANONICAL_SIGNATURE',
    )
  })

  test('behavior: a forged signature for a small-order address is INVALID_SIGNATURE', async () => {
    // 32 zero bytes: a point of order 4; R = identity, S = 0 passes a lax cofactored check.
    const parameters = await setup({ accountAddress: '11111111111111111111111111111111' })
    const forged = new Uint8Array(64)
    forged[0] = 1
    expect(await reason(verifySiwx({ ...parameters, signature: encodeBase58(forged) }))).toBe(
      'INVALID_SIGNATURE',
    )
  })

  test('behavior: an address that is not 32 bytes of base58 is INVALID_MESSAGE', async () => {
    const parameters = await setup()
    const short = encodeBase58(alice.publicKey.subarray(0, 31))
    const long = encodeBase58(Uint8Array.from([...alice.publicKey, 1]))
    // 44 characters, all base58, decoding to 33 bytes: the length check alone would pass it.
    const wide = 'z'.repeat(44)
    for (const address of [
      short,
      long,
      wide,
      `0${alice.address.slice(1)}`,
      alice.address.slice(0, 31),
    ])
      expect(
        await reason(
          verifySiwx(
            await resigned(parameters, parameters.message.replace(alice.address, address)),
          ),
        ),
        address,
      ).toBe('INVALID_MESSAGE')
  })

  test('behavior: namespaces cannot be crossed: the header names the chain, the address and the signature must fit it', async () => {
    const solana = await setup()
    // "Ethereum account" with a base58 address, and with a Solana chain reference.
    const asEthereum = solana.message.replace('Solana account', 'Ethereum account')
    expect(await reason(verifySiwx(await resigned(solana, asEthereum)))).toBe('INVALID_MESSAGE')
    // A Solana header over an 0x address.
    const eoa = privateKeyToAccount(
      '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
    )
    const hexAddress = solana.message.replace(alice.address, eoa.address)
    expect(await reason(verifySiwx(await resigned(solana, hexAddress)))).toBe('INVALID_MESSAGE')
    // An eip155 message carrying a base58 (Ed25519) signature.
    const ethereum = createSiwxMessage({
      accountAddress: eoa.address,
      chainId: 'eip155:1',
      domain: 'dapp.test',
      uri: 'https://dapp.test/login',
      version: '1',
      nonce: await solana.nonceStore.issue(),
      issuedAt: new Date(now).toISOString(),
    })
    expect(
      await reason(
        verifySiwx({
          ...solana,
          message: ethereum,
          signature: await alice.signMessage({ message: ethereum }),
          expected: { ...solana.expected, chainIds: [1] },
        }),
      ),
    ).toBe('INVALID_MESSAGE')
  })

  test('behavior: the nonce is single use (a replay is UNKNOWN_NONCE)', async () => {
    const parameters = await setup()
    const results = await Promise.all([
      reason(verifySiwx(parameters)),
      reason(verifySiwx(parameters)),
    ])
    expect(results.sort()).toEqual(['UNKNOWN_NONCE', 'accepted'])
    expect(await reason(verifySiwx(parameters))).toBe('UNKNOWN_NONCE')
    const unknown = await setup({ nonce: 'notIssuedByUs123' })
    expect(await reason(verifySiwx(unknown))).toBe('UNKNOWN_NONCE')
  })

  test('behavior: the domain, URI, time and address checks apply as for eip155', async () => {
    const iso = (offset: number) => new Date(now + offset).toISOString()
    expect(
      await reason(verifySiwx(await setup({ domain: 'evil.test', uri: 'https://evil.test/' }))),
    ).toBe('DOMAIN_MISMATCH')
    expect(await reason(verifySiwx(await setup({ uri: 'https://evil.test/login' })))).toBe(
      'URI_MISMATCH',
    )
    expect(
      await reason(
        verifySiwx(await setup({ issuedAt: iso(-3_600_000), expirationTime: iso(-120_000) })),
      ),
    ).toBe('EXPIRED')
    expect(await reason(verifySiwx(await setup({ notBefore: iso(120_000) })))).toBe('NOT_YET_VALID')
    expect(await reason(verifySiwx(await setup({ issuedAt: iso(-86_400_000) })))).toBe(
      'ISSUED_AT_TOO_OLD',
    )
    const claimed = await setup()
    // base58 is case-sensitive: another case is another account.
    for (const address of [bob.address, alice.address.toLowerCase()])
      expect(
        await reason(verifySiwx({ ...claimed, expected: { ...claimed.expected, address } })),
      ).toBe('ADDRESS_MISMATCH')
    expect(
      await reason(
        verifySiwx({ ...claimed, expected: { ...claimed.expected, address: alice.address } }),
      ),
    ).toBe('accepted')
  })
})
