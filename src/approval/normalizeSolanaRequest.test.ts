import { type Address, getBase58Decoder } from '@solana/kit'
import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { solTransfer, unsignedTransaction } from '../../test/solana/unsignedTransaction.fixture'
import { encodeBase64 } from '../utils/base64'
import { encodeBase58 } from '../utils/encodeBase58'
import { hashCanonicalRequest } from './hashCanonicalRequest'
import { normalizeSolanaRequest } from './normalizeSolanaRequest'
import { parseSolanaCanonicalRequest } from './parseSolanaCanonicalRequest'
import type { CanonicalSolanaRequest, SolanaApprovalMethod } from './solanaTypes'

const account = 'Gq5TSJYmoVq4iPXTTgbUW8CjfR3wGZNF4qQ3eE9xQ9bo' as Address
const other = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' as Address
const blockhash = '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM'
const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)

function messageOf(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    return `${(error as Error).name}: ${(error as { shortMessage?: string }).shortMessage}`
  }
  return 'no error'
}

const transfer = (payer: Address = account, version: 'legacy' | 0 = 0) =>
  unsignedTransaction({
    payer,
    blockhash,
    version,
    instructions: [solTransfer(payer, other, 1_000n)],
  })

const normalize = (method: SolanaApprovalMethod, params: unknown, chain?: string) =>
  normalizeSolanaRequest({ method, params, account, chain })

const parse = (
  request: unknown,
  hash: unknown = hashCanonicalRequest(request as CanonicalSolanaRequest),
) =>
  parseSolanaCanonicalRequest({
    request,
    hash,
    method: (request as { method: SolanaApprovalMethod }).method,
    account,
  })

describe('solana_signMessage', () => {
  test('default: base58 in, base64 and the text in the canonical request', () => {
    const bytes = new TextEncoder().encode('Sign in to example.test')
    expect(normalize('solana_signMessage', { message: base58(bytes), pubkey: account })).toEqual({
      request: {
        method: 'solana_signMessage',
        account,
        message: encodeBase64(bytes),
        text: 'Sign in to example.test',
      },
      encodings: [],
    })
    const binary = Uint8Array.from([0xc3, 0x28])
    expect(
      normalize('solana_signMessage', { message: base58(binary), pubkey: account }).request,
    ).toEqual({ method: 'solana_signMessage', account, message: 'wyg=' })
  })

  test('error: another key, bad base58, a transaction message, too long', () => {
    const message = base58(new TextEncoder().encode('hi'))
    expect(
      messageOf(() => normalize('solana_signMessage', { message, pubkey: other })),
    ).toMatchInlineSnapshot(`"AccountNotAuthorizedError: The requested account is not authorized"`)
    expect(
      messageOf(() => normalize('solana_signMessage', { message: 'aGk=', pubkey: account })),
    ).toMatchInlineSnapshot(`"InvalidRequestError: Invalid request: The message must be base58."`)
    expect(
      messageOf(() => normalize('solana_signMessage', { message: '0OIl', pubkey: account })),
    ).toMatch(/must be base58/)
    expect(
      messageOf(() => normalize('solana_signMessage', { message, pubkey: 'not-a-key' })),
    ).toMatch(/public key must be a Solana address/)
    const tx = transfer()
    // The message bytes of a real transaction (after the one signature), offered as a "message".
    expect(
      messageOf(() =>
        normalize('solana_signMessage', { message: base58(tx.subarray(65)), pubkey: account }),
      ),
    ).toMatchInlineSnapshot(
      `"InvalidRequestError: Invalid request: The message reads as a Solana transaction: sign it as a transaction instead."`,
    )
    expect(
      messageOf(() =>
        normalize('solana_signMessage', {
          message: base58(new Uint8Array(4097).fill(65)),
          pubkey: account,
        }),
      ),
    ).toMatch(/must be 1 to 4096 bytes/)
    expect(
      messageOf(() => normalize('solana_signMessage', { message, pubkey: account, extra: 1 })),
    ).toMatch(/unknown field "extra"/)
  })
})

describe('transactions', () => {
  test('default: base64 and base58 give one canonical request; the chain from the request or the wallet', () => {
    for (const version of ['legacy', 0] as const) {
      const bytes = transfer(account, version)
      const fromBase64 = normalize('solana_signTransaction', {
        transaction: encodeBase64(bytes),
        chain: 'solana:devnet',
      })
      const fromBase58 = normalize(
        'solana_signTransaction',
        { transaction: encodeBase58(bytes) },
        'solana:devnet',
      )
      expect(fromBase64.request).toEqual({
        method: 'solana_signTransaction',
        chain: 'solana:devnet',
        account,
        transaction: encodeBase64(bytes),
      })
      expect(fromBase58.request).toEqual(fromBase64.request)
      expect(fromBase64.encodings).toEqual(['base64'])
      expect(fromBase58.encodings).toEqual(['base58'])
    }
    // The CAIP-2 id of a public cluster is read as its name.
    expect(
      normalize('solana_signTransaction', {
        transaction: encodeBase64(transfer()),
        chain: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      }).request,
    ).toMatchObject({ chain: 'solana:devnet' })
  })

  test('error: another fee payer, no cluster, not a transaction, bad options', () => {
    const transaction = encodeBase64(transfer(other))
    expect(
      messageOf(() => normalize('solana_signTransaction', { transaction }, 'solana:devnet')),
    ).toBe(
      `InvalidRequestError: Invalid request: The transaction is paid for by ${other}, not by this wallet's account ${account}.`,
    )
    const mine = encodeBase64(transfer())
    expect(
      messageOf(() => normalize('solana_signTransaction', { transaction: mine })),
    ).toMatchInlineSnapshot(
      `"InvalidRequestError: Invalid request: The chain must be a Solana cluster such as solana:devnet."`,
    )
    expect(
      messageOf(() => normalize('solana_signTransaction', { transaction: mine }, '1')),
    ).toMatch(/must be a Solana cluster/)
    expect(
      messageOf(() => normalize('solana_signTransaction', { transaction: '!!' }, 'solana:devnet')),
    ).toMatchInlineSnapshot(
      `"InvalidRequestError: Invalid request: The transaction must be a base58 or base64 wire transaction."`,
    )
    expect(
      messageOf(() =>
        normalize('solana_signTransaction', { transaction: 'aGk=' }, 'solana:devnet'),
      ),
    ).toMatch(/^InvalidRequestError: Invalid request: The transaction /)
    expect(
      messageOf(() =>
        normalize(
          'solana_signAndSendTransaction',
          { transaction: mine, options: { preflightCommitment: 'soon' } },
          'solana:devnet',
        ),
      ),
    ).toMatch(/preflightCommitment must be one of processed, confirmed/)
    expect(
      messageOf(() =>
        normalize(
          'solana_signAndSendTransaction',
          { transaction: mine, options: { encoding: 'base58' } },
          'solana:devnet',
        ),
      ),
    ).toMatch(/The options has an unknown field "encoding"/)
    expect(
      messageOf(() =>
        normalize('solana_signAllTransactions', { transactions: [] }, 'solana:devnet'),
      ),
    ).toMatch(/list of 1 to 32/)
    expect(
      messageOf(() =>
        normalize(
          'solana_signAllTransactions',
          { transactions: [mine, transaction] },
          'solana:devnet',
        ),
      ),
    ).toMatch(/Transaction 2 is paid for by/)
  })

  test('behavior: send options are kept under their current names', () => {
    const { request } = normalize(
      'solana_signAndSendTransaction',
      {
        transaction: encodeBase64(transfer()),
        options: { preflightCommitment: 'singleGossip', skipPreflight: false, maxRetries: 3 },
      },
      'solana:localnet',
    )
    expect(request).toMatchObject({
      chain: 'solana:localnet',
      options: { preflightCommitment: 'confirmed', skipPreflight: false, maxRetries: 3 },
    })
  })
})

describe('parseSolanaCanonicalRequest', () => {
  const signMessage = normalize('solana_signMessage', {
    message: base58(new TextEncoder().encode('hello')),
    pubkey: account,
  }).request
  const signAll = normalize(
    'solana_signAllTransactions',
    { transactions: [encodeBase64(transfer()), encodeBase64(transfer(account, 'legacy'))] },
    'solana:devnet',
  ).request

  test('default: the canonical request and its hash are accepted as they are', () => {
    expect(parse(signMessage)).toEqual(signMessage)
    expect(parse(signAll)).toEqual(signAll)
  })

  test('error: changed bytes, another account, derived text, extra fields, a bad hash', () => {
    const tampered = { ...signMessage, message: encodeBase64(new TextEncoder().encode('hellO')) }
    expect(
      messageOf(() => parse(tampered, hashCanonicalRequest(signMessage))),
    ).toMatchInlineSnapshot(
      `"InvalidRequestError: Invalid request: The request is not in its canonical form."`,
    )
    const { text: _, ...withoutText } = tampered as { text?: string }
    expect(
      messageOf(() => parse({ ...withoutText, text: 'hellO' }, hashCanonicalRequest(signMessage))),
    ).toMatchInlineSnapshot(
      `"InvalidRequestError: Invalid request: The request does not match its hash."`,
    )
    expect(messageOf(() => parse({ ...signMessage, account: other }))).toMatch(
      /for another account/,
    )
    expect(messageOf(() => parse({ ...signMessage, message: 'aGVsbG8' }))).toMatch(
      /The message must be base64/,
    )
    expect(
      messageOf(() =>
        parse({ ...signAll, chain: 'solana:mainnet' }, hashCanonicalRequest(signAll)),
      ),
    ).toMatch(/does not match its hash/)
    expect(messageOf(() => parse({ ...signAll, note: 'x' }))).toMatch(/unknown field "note"/)
    expect(
      messageOf(() =>
        parseSolanaCanonicalRequest({
          request: signAll,
          hash: hashCanonicalRequest(signAll),
          method: 'solana_signTransaction',
          account,
        }),
      ),
    ).toMatch(/is a solana_signAllTransactions, not solana_signTransaction/)
  })

  test('behavior: every canonical request reads back as itself; any flipped byte is refused', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 120 }), fc.nat(), (bytes, position) => {
        let request: CanonicalSolanaRequest
        try {
          request = normalize('solana_signMessage', {
            message: base58(bytes),
            pubkey: account,
          }).request
        } catch {
          return
        }
        const hash = hashCanonicalRequest(request)
        expect(parse(request, hash)).toEqual(request)
        const flipped = Uint8Array.from(bytes)
        const index = position % flipped.length
        flipped[index] = (flipped[index] as number) ^ 1
        expect(() => parse({ ...request, message: encodeBase64(flipped) }, hash)).toThrow()
      }),
    )
  })
})
