import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { canonicalJson } from './canonicalJson'
import { hashCanonicalRequest } from './hashCanonicalRequest'
import { normalizeApprovalRequest } from './normalizeApprovalRequest'
import { parseCanonicalRequest } from './parseCanonicalRequest'
import { toApprovalParams } from './toApprovalParams'
import type { CanonicalRequest, CanonicalTransaction } from './types'

const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const attacker = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const approveMax = `0x095ea7b3000000000000000000000000${attacker.slice(2).toLowerCase()}${'f'.repeat(64)}`

const normalize = (method: string, params: unknown, chainId = 1) =>
  normalizeApprovalRequest({ method, params, chainId, account })

function messageOf(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    return `${(error as Error).name}: ${(error as { shortMessage?: string }).shortMessage}`
  }
  return 'no error'
}

const again = (canonical: CanonicalRequest) =>
  normalizeApprovalRequest({ ...toApprovalParams(canonical), chainId: canonical.chainId, account })

describe('eth_sendTransaction', () => {
  test('default: input alone is the data; quantities minimal hex; from is the account', () => {
    expect(
      normalize('eth_sendTransaction', [
        { to: token.toLowerCase(), input: approveMax, value: '0x00' },
      ]),
    ).toEqual({
      method: 'eth_sendTransaction',
      chainId: 1,
      from: account,
      to: token,
      value: '0x0',
      data: approveMax,
    })
  })

  test('behavior: data and input that agree are one; fees and nonce are kept', () => {
    expect(
      normalize('eth_sendTransaction', [
        {
          from: account.toLowerCase(),
          to: token,
          data: '0xABCD',
          input: '0xabcd',
          gas: '0x5208',
          maxFeePerGas: '0x0100',
          maxPriorityFeePerGas: '0x1',
          nonce: '0x0',
          chainId: '0x1',
          type: '0x2',
        },
      ]),
    ).toMatchObject({ data: '0xabcd', gas: '0x5208', maxFeePerGas: '0x100', nonce: '0x0' })
  })

  test('error: every ambiguity is refused with a sentence', () => {
    const tx = (extra: Record<string, unknown>) => [{ to: token, ...extra }]
    expect(
      messageOf(() => normalize('eth_sendTransaction', tx({ data: '0x01', input: '0x02' }))),
    ).toMatchInlineSnapshot(
      `"InvalidRequestError: Invalid request: The transaction has both data and input, and they differ."`,
    )
    expect(
      messageOf(() => normalize('eth_sendTransaction', tx({ gasLimit: '0x1' }))),
    ).toMatchInlineSnapshot(
      `"InvalidRequestError: Invalid request: The transaction has an unknown field "gasLimit"."`,
    )
    expect(
      messageOf(() => normalize('eth_sendTransaction', tx({ chainId: '0x38' }))),
    ).toMatchInlineSnapshot(
      `"ChainMismatchError: This transaction is for chain 56, but the wallet is on chain 1."`,
    )
    expect(
      messageOf(() => normalize('eth_sendTransaction', tx({ from: attacker }))),
    ).toMatchInlineSnapshot(`"AccountNotAuthorizedError: The requested account is not authorized"`)
    expect(
      messageOf(() =>
        normalize('eth_sendTransaction', tx({ gasPrice: '0x1', maxFeePerGas: '0x1' })),
      ),
    ).toMatchInlineSnapshot(
      `"InvalidRequestError: Invalid request: The transaction sets both gasPrice and EIP-1559 fees."`,
    )
    expect(
      messageOf(() => normalize('eth_sendTransaction', tx({ value: '10' }))),
    ).toMatchInlineSnapshot(
      `"InvalidRequestError: Invalid request: The transaction value must be a hex quantity such as 0x1a."`,
    )
    expect(
      messageOf(() => normalize('eth_sendTransaction', tx({ data: '0xabc' }))),
    ).toMatchInlineSnapshot(
      `"InvalidRequestError: Invalid request: The transaction data must be 0x-prefixed hex bytes."`,
    )
    expect(
      messageOf(() => normalize('eth_sendTransaction', tx({ type: '0x0', maxFeePerGas: '0x1' }))),
    ).toMatchInlineSnapshot(
      `"InvalidRequestError: Invalid request: The transaction type 0x0 does not match its fee fields."`,
    )
    expect(messageOf(() => normalize('eth_sendTransaction', [{ to: token }, {}]))).toMatch(
      /takes \[transaction\]/,
    )
  })
})

describe('personal_sign', () => {
  test('default: hex bytes, and the text when they are UTF-8', () => {
    expect(normalize('personal_sign', ['0x68656C6C6F', account])).toEqual({
      method: 'personal_sign',
      chainId: 1,
      account,
      message: '0x68656c6c6f',
      text: 'hello',
    })
    expect(normalize('personal_sign', ['0xc328', account])).toEqual({
      method: 'personal_sign',
      chainId: 1,
      account,
      message: '0xc328',
    })
    // Odd-length "hex" is text.
    expect(normalize('personal_sign', ['0xabc', account])).toMatchObject({
      message: '0x3078616263',
      text: '0xabc',
    })
  })

  test('error: another address', () => {
    expect(messageOf(() => normalize('personal_sign', ['0x00', attacker]))).toMatch(
      /AccountNotAuthorizedError/,
    )
  })
})

describe('eth_signTypedData_v4', () => {
  const typed = (
    domain: Record<string, unknown>,
    message: Record<string, unknown> = { contents: 'hi' },
  ) => ({
    domain,
    types: { Mail: [{ name: 'contents', type: 'string' }] },
    primaryType: 'Mail',
    message,
  })

  test('default: a domain on the active chain, or without chainId; object or JSON string', () => {
    const onChain = normalize('eth_signTypedData_v4', [
      account,
      typed({ name: 'Mail', chainId: '0x1' }),
    ])
    expect(onChain).toMatchObject({ typedData: { domain: { name: 'Mail', chainId: 1 } } })
    expect(
      normalize('eth_signTypedData_v4', [
        account,
        JSON.stringify(typed({ name: 'Mail', chainId: 1 })),
      ]),
    ).toEqual(onChain)
    expect(normalize('eth_signTypedData_v4', [account, typed({ name: 'Mail' })])).toMatchObject({
      typedData: { domain: { name: 'Mail' } },
    })
  })

  test('error: typed data for another chain', () => {
    expect(
      messageOf(() => normalize('eth_signTypedData_v4', [account, typed({ chainId: 56 })], 1)),
    ).toMatchInlineSnapshot(
      `"ChainMismatchError: This signature request is for chain 56, but the wallet is on chain 1."`,
    )
  })

  test('error: fields the types do not declare (shown but not signed) and bad values', () => {
    expect(
      messageOf(() =>
        normalize('eth_signTypedData_v4', [account, typed({}, { contents: 'a', hidden: 'b' })]),
      ),
    ).toMatchInlineSnapshot(
      `"InvalidRequestError: Invalid request: typedData.message has a field "hidden" that type Mail does not declare."`,
    )
    expect(
      messageOf(() => normalize('eth_signTypedData_v4', [account, typed({ extra: 1 })])),
    ).toMatch(/unknown field "extra"/)
    expect(messageOf(() => normalize('eth_signTypedData_v4', [account, '{nope']))).toMatch(
      /not valid JSON/,
    )
    const amount = {
      domain: {},
      types: { T: [{ name: 'amount', type: 'uint8' }] },
      primaryType: 'T',
      message: { amount: 256 },
    }
    expect(messageOf(() => normalize('eth_signTypedData_v4', [account, amount]))).toMatch(
      /out of range for uint8/,
    )
  })
})

describe('wallet_sendCalls', () => {
  test('default: call by call; atomicRequired refused', () => {
    expect(
      normalize('wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: '0x1',
          from: account,
          atomicRequired: false,
          calls: [
            { to: token, input: approveMax },
            { to: attacker, value: '0x1' },
          ],
        },
      ]),
    ).toEqual({
      method: 'wallet_sendCalls',
      chainId: 1,
      from: account,
      version: '2.0.0',
      calls: [
        { to: token, value: '0x0', data: approveMax },
        { to: attacker, value: '0x1', data: '0x' },
      ],
    })
    expect(
      messageOf(() =>
        normalize('wallet_sendCalls', [{ atomicRequired: true, calls: [{ to: token }] }]),
      ),
    ).toMatch(/Atomic execution/)
    expect(
      messageOf(() =>
        normalize('wallet_sendCalls', [{ calls: [{ to: token, data: '0x01', input: '0x02' }] }]),
      ),
    ).toMatch(/Call 1 has both data and input/)
  })
})

// Arbitraries of requests, some valid and some not.
const hexQuantity = fc.bigInt({ min: 0n, max: 2n ** 80n }).map((value) => `0x${value.toString(16)}`)
const hexBytes = fc
  .uint8Array({ maxLength: 40 })
  .map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`)
const addressLike = fc.constantFrom(
  account,
  account.toLowerCase(),
  token,
  token.toUpperCase().replace('0X', '0x'),
)
const txArbitrary = fc.record(
  {
    from: fc.constantFrom(account, account.toLowerCase()),
    to: fc.option(addressLike, { nil: undefined }),
    value: hexQuantity,
    data: hexBytes,
    input: hexBytes,
    gas: hexQuantity,
    gasPrice: hexQuantity,
    maxFeePerGas: hexQuantity,
    nonce: hexQuantity,
    chainId: fc.constantFrom('0x1', 1, '1', '0x01', '0x38'),
    junk: fc.string(),
  },
  { requiredKeys: [] },
)
const requestArbitrary = fc.oneof(
  txArbitrary.map((tx) => ({ method: 'eth_sendTransaction', params: [tx] })),
  fc
    .oneof(fc.string(), hexBytes)
    .map((message) => ({ method: 'personal_sign', params: [message, account] })),
  fc
    .array(
      fc.record({ to: addressLike, value: hexQuantity, data: hexBytes }, { requiredKeys: ['to'] }),
      { minLength: 1, maxLength: 4 },
    )
    .map((calls) => ({ method: 'wallet_sendCalls', params: [{ calls }] })),
)

describe('properties', () => {
  test('behavior: normalise is idempotent and parseCanonicalRequest accepts exactly its output', () => {
    fc.assert(
      fc.property(requestArbitrary, (request) => {
        let canonical: CanonicalRequest
        try {
          canonical = normalize(request.method, request.params)
        } catch {
          return
        }
        expect(again(canonical)).toEqual(canonical)
        const hash = hashCanonicalRequest(canonical)
        expect(
          parseCanonicalRequest({
            request: canonical,
            hash,
            method: canonical.method,
            chainId: 1,
            account,
          }),
        ).toEqual(canonical)
      }),
    )
  })

  test('behavior: data and input that differ are always refused; unknown fields always refused', () => {
    fc.assert(
      fc.property(txArbitrary, (tx) => {
        const result = messageOf(() => normalize('eth_sendTransaction', [tx]))
        const differ = tx.data !== undefined && tx.input !== undefined && tx.data !== tx.input
        if (tx.junk !== undefined || differ || tx.chainId === '0x38')
          expect(result).not.toBe('no error')
        if (tx.junk !== undefined) expect(result).toMatch(/unknown field "junk"/)
        else if (differ && tx.chainId !== '0x38') expect(result).toMatch(/both data and input/)
      }),
    )
  })

  test('behavior: the hash is stable under key order and changes with any field', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean())),
        (record) => {
          const reversed = Object.fromEntries(Object.entries(record).reverse())
          expect(canonicalJson(reversed)).toBe(canonicalJson(record))
        },
      ),
    )
    const base = normalize('eth_sendTransaction', [
      { to: token, data: approveMax },
    ]) as CanonicalTransaction
    const hash = hashCanonicalRequest(base)
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(
      hashCanonicalRequest({ ...base, data: `${approveMax.slice(0, -2)}00` as `0x${string}` }),
    ).not.toBe(hash)
    expect(hashCanonicalRequest({ ...base, chainId: 56 })).not.toBe(hash)
  })
})

describe('parseCanonicalRequest', () => {
  const canonical = normalize('eth_sendTransaction', [
    { to: token, data: approveMax, gas: '0x5208', gasPrice: '0x1' },
  ])
  const hash = hashCanonicalRequest(canonical)
  const parse =
    (request: unknown, claimedHash: unknown = hash, chainId = 1) =>
    () =>
      parseCanonicalRequest({
        request,
        hash: claimedHash,
        method: 'eth_sendTransaction',
        chainId,
        account,
      })

  test('error: a changed field, an extra field, a wrong hash, another chain', () => {
    expect(messageOf(parse({ ...canonical, data: '0x' }))).toMatchInlineSnapshot(
      `"InvalidRequestError: Invalid request: The request does not match its hash."`,
    )
    expect(
      messageOf(parse({ ...canonical, input: (canonical as CanonicalTransaction).data })),
    ).toMatchInlineSnapshot(
      `"InvalidRequestError: Invalid request: The request is not in its canonical form."`,
    )
    expect(messageOf(parse({ ...canonical, value: '0x00' }))).toMatch(/not in its canonical form/)
    expect(messageOf(parse(canonical, `0x${'0'.repeat(64)}`))).toMatch(/does not match its hash/)
    expect(messageOf(parse(canonical, hash, 56))).toMatchInlineSnapshot(
      `"ChainMismatchError: This request is for chain 1, but the wallet is on chain 56."`,
    )
    expect(messageOf(parse({ ...canonical, method: 'personal_sign' }))).toMatch(
      /is a personal_sign, not eth_sendTransaction/,
    )
  })
})
