import { AccountRole, type Address, getBase58Decoder } from '@solana/kit'
import { getApproveCheckedInstruction } from '@solana-program/token'
import { describe, expect, test } from 'vitest'
import { normalizeSolanaRequest } from '../../src/approval/normalizeSolanaRequest'
import type {
  CanonicalSolanaSignTransaction,
  SolanaApprovalMethod,
} from '../../src/approval/solanaTypes'
import { encodeBase64 } from '../../src/utils/base64'
import {
  solTransfer,
  tokenTransfer,
  unsignedTransaction,
} from '../../test/solana/unsignedTransaction.fixture'
import { describeApprovalRequest } from '../approvalRequest'
import { describeApproval, hiddenCharactersWarning } from '../describeApproval'
import type { ApprovalSummary } from './types'

const account = 'Gq5TSJYmoVq4iPXTTgbUW8CjfR3wGZNF4qQ3eE9xQ9bo' as Address
const other = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' as Address
const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address
const tokenAccount = '7YttLkHDoNj9wyDur5pM1ejNaAvT9X4eqaYcHQqtj2G5' as Address
const theirTokenAccount = '5omQJtDUHA3gMFdHEQg1zZSvcBUVzey5WaKWYRmqF1Vj' as Address
const program = 'Stake11111111111111111111111111111111111111' as Address
const table = 'AddressLookupTab1e1111111111111111111111111' as Address
const blockhash = '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM'

const summary = (method: SolanaApprovalMethod, params: unknown) =>
  describeApproval(
    normalizeSolanaRequest({ method, params, account, chain: 'solana:devnet' }).request,
  )

/** Every row as `label: value`, for plain assertions. */
function rows(result: ApprovalSummary): string[] {
  return result.sections.flatMap((section) =>
    section.rows.map((row) => `${row.label}: ${row.value.kind === 'tree' ? '' : row.value.text}`),
  )
}

const sign = (
  instructions: Parameters<typeof unsignedTransaction>[0]['instructions'],
  extra = {},
) => encodeBase64(unsignedTransaction({ payer: account, blockhash, instructions, ...extra }))

describe('solana_signMessage', () => {
  test('default: the whole text, and the account', () => {
    const message = getBase58Decoder().decode(new TextEncoder().encode('Sign in to dapp.test'))
    const result = summary('solana_signMessage', { message, pubkey: account })
    expect(result.title).toBe('Sign message')
    expect(result.warnings).toEqual([])
    expect(rows(result)).toEqual([
      'Message: Sign in to dapp.test',
      'Network: Solana (a message is not tied to a cluster)',
      `Account: ${account}`,
    ])
  })

  test('behavior: bytes that are not text are hex; hidden characters raise the warning', () => {
    const binary = getBase58Decoder().decode(Uint8Array.from([0xc3, 0x28, 0x00]))
    expect(rows(summary('solana_signMessage', { message: binary, pubkey: account }))[0]).toBe(
      'Message (3 bytes, not text): 0xc32800',
    )
    const sneaky = getBase58Decoder().decode(new TextEncoder().encode('pay \u202Egnp.exe'))
    expect(summary('solana_signMessage', { message: sneaky, pubkey: account }).warnings).toEqual([
      hiddenCharactersWarning,
    ])
  })
})

describe('transactions', () => {
  test('default: a SOL transfer: cluster, fee payer, program, amount, recipient, fee', () => {
    const result = summary('solana_signAndSendTransaction', {
      transaction: sign([solTransfer(account, other, 150_000_000n)]),
    })
    expect(result.title).toBe('Send transaction')
    expect(result.warnings).toEqual([])
    expect(rows(result)).toEqual([
      'Network: Solana Devnet (solana:devnet)',
      `Fee payer: ${account} (this wallet)`,
      'Instruction 1: Transfer SOL',
      'Program: System Program (11111111111111111111111111111111)',
      'Amount: 0.15 SOL (150000000 lamports)',
      `From: ${account} (this wallet)`,
      `To: ${other}`,
      'Max network fee: 0.000005 SOL (5000 lamports)',
      `Recent blockhash: ${blockhash}`,
      'After approval: The wallet sends it to the cluster.',
      `Account: ${account}`,
    ])
  })

  test('default: SPL token transfers with and without decimals, and a priority fee', () => {
    const result = summary('solana_signTransaction', {
      transaction: sign(
        [
          tokenTransfer({
            source: tokenAccount,
            destination: theirTokenAccount,
            owner: account,
            amount: 2_500_000n,
            checked: { mint, decimals: 6 },
          }),
          tokenTransfer({
            source: tokenAccount,
            destination: theirTokenAccount,
            owner: account,
            amount: 7n,
          }),
        ],
        { computeUnits: { limit: 50_000, price: 2_000_000n } },
      ),
    })
    expect(result.title).toBe('Sign transaction')
    const shown = rows(result)
    expect(shown).toContain('Amount: 2.5 (2500000 base units, 6 decimals)')
    expect(shown).toContain(`Token (mint): ${mint}`)
    expect(shown).toContain(`To token account: ${theirTokenAccount}`)
    expect(shown).toContain(`Owner: ${account} (this wallet)`)
    expect(shown).toContain(
      "Amount: 7 base units (the request does not state the token's decimals)",
    )
    expect(shown).toContain('Program: Token Program (TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA)')
    expect(shown).toContain('Instruction 3: Set compute unit limit')
    expect(shown).toContain('Price: 2000000 micro-lamports per compute unit')
    // 5,000 base + 50,000 units × 2 lamports (2,000,000 micro-lamports) per unit.
    expect(shown).toContain(
      'Max network fee: 0.000105 SOL (105000 lamports): 5000 base + up to 100000 priority',
    )
    expect(shown).toContain('After approval: The site gets the signed transaction and may send it.')
    expect(result.warnings).toEqual([])
  })

  test('behavior: an unknown program is shown as such, whole, with a warning', () => {
    const result = summary('solana_signTransaction', {
      transaction: sign([
        {
          programAddress: program,
          accounts: [{ address: account, role: AccountRole.WRITABLE_SIGNER }],
          data: Uint8Array.from([9, 9]),
        },
      ]),
    })
    expect(rows(result)).toEqual(
      expect.arrayContaining([
        'Instruction 1: Unknown instruction',
        `Program: ${program}`,
        `Accounts: ${account} (this wallet)`,
        'Data (2 bytes): 0x0909',
      ]),
    )
    expect(result.warnings).toEqual([
      `Instruction 1 calls ${program} in a way this wallet cannot read: what it does is not shown. Approve only if you trust the site.`,
    ])
  })

  test('behavior: an approval of the whole balance is warned; lookup-table accounts are named as such', () => {
    const approve = getApproveCheckedInstruction({
      source: tokenAccount,
      mint,
      delegate: other,
      owner: account,
      amount: 2n ** 64n - 1n,
      decimals: 6,
    })
    const result = summary('solana_signAllTransactions', {
      transactions: [
        sign([approve]),
        sign([solTransfer(account, other, 1n)], { lookupTables: { [table]: [other] } }),
      ],
    })
    expect(result.title).toBe('Sign 2 transactions')
    expect(result.sections.map((section) => section.heading)).toEqual([
      'Transaction 1 of 2',
      'Transaction 2 of 2',
      undefined,
    ])
    expect(result.warnings).toEqual([
      `${other} may move up to Unlimited (${2n ** 64n - 1n} base units) from token account ${tokenAccount}.`,
      'Some accounts come from address lookup tables: they are shown by table and position, not by address.',
    ])
    expect(rows(result)).toContain(`To: entry 0 of lookup table ${table} (address not shown)`)
  })
})

describe('describeApprovalRequest (the popup)', () => {
  test('behavior: the popup reads the request back through the shared builder first', () => {
    const request = normalizeSolanaRequest({
      method: 'solana_signTransaction',
      params: { transaction: sign([solTransfer(account, other, 1n)]) },
      account,
      chain: 'solana:devnet',
    }).request as CanonicalSolanaSignTransaction
    expect(describeApprovalRequest(request)).toEqual(describeApproval(request))
    // A popup handed a request that is not canonical (here: a transaction paid by someone else)
    // shows nothing.
    const foreign = encodeBase64(
      unsignedTransaction({
        payer: other,
        blockhash,
        instructions: [solTransfer(other, account, 1n)],
      }),
    )
    expect(() =>
      describeApprovalRequest({ ...request, transaction: foreign, account: other }),
    ).not.toThrow()
    expect(() => describeApprovalRequest({ ...request, transaction: foreign })).toThrow(
      /is paid for by/,
    )
    expect(() =>
      describeApprovalRequest({ ...request, chain: 'devnet' as 'solana:devnet' }),
    ).toThrow(/must be a Solana cluster/)
  })
})
