import { describe, expect, test } from 'vitest'
import { normalizeApprovalRequest } from '../src/approval/normalizeApprovalRequest'
import type { ApprovalSummary } from './approval/types'
import { describeApproval, hiddenCharactersWarning } from './describeApproval'

const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const attacker = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const word = (address: string) => address.slice(2).toLowerCase().padStart(64, '0')
const approveMax = `0x095ea7b3${word(attacker)}${'f'.repeat(64)}`

const summary = (method: string, params: unknown, chainId = 1) =>
  describeApproval(normalizeApprovalRequest({ method, params, chainId, account }))

/** Every row as `label: value` (trees flattened), for plain assertions. */
function rows(result: ApprovalSummary): string[] {
  return result.sections.flatMap((section) =>
    section.rows.map((row) =>
      row.value.kind === 'tree'
        ? `${row.label}: ${JSON.stringify(row.value.nodes)}`
        : `${row.label}: ${row.value.text}`,
    ),
  )
}

describe('personal_sign', () => {
  test('default: the whole message, the network and the account', () => {
    const result = summary('personal_sign', ['0x68656c6c6f', account])
    expect(result.title).toBe('Sign message')
    expect(result.warnings).toEqual([])
    expect(rows(result)).toEqual([
      'Message: hello',
      'Network: Ethereum (chain 1)',
      `Account: ${account}`,
    ])
  })

  test('behavior: a 5,000-character message is kept whole (no 2,000-character clip)', () => {
    const message = `${'x'.repeat(4_999)}Z`
    const row = summary('personal_sign', [message, account]).sections[0]?.rows[0]
    expect(row?.value).toEqual({ kind: 'block', text: message })
  })

  test('behavior: bytes that are not UTF-8 are shown as hex, with their size', () => {
    expect(rows(summary('personal_sign', ['0x00ff10', account]))[0]).toBe(
      'Message (3 bytes, not text): 0x00ff10',
    )
  })

  test('behavior: a right-to-left override or a zero-width character raises the warning', () => {
    for (const message of ['pay \u202Egnp.exe', 'a\u200Bb', 'x\u2066y\u2069', 'tab\tand\nline ok'])
      expect(
        summary('personal_sign', [message, account]).warnings.includes(hiddenCharactersWarning),
      ).toBe(!message.startsWith('tab'))
  })
})

describe('eth_sendTransaction', () => {
  test('default: recipient, value in the native symbol of that chain, max fee and total', () => {
    const result = summary(
      'eth_sendTransaction',
      [{ to: attacker, value: '0xde0b6b3a7640000', gas: '0x5208', gasPrice: '0x3b9aca00' }],
      56,
    )
    expect(result.title).toBe('Send transaction')
    expect(rows(result)).toEqual([
      'Network: BNB Smart Chain (chain 56)',
      `To: ${attacker}`,
      'Value: 1 BNB',
      'Max network fee: 0.000021 BNB (21000 gas × 1 gwei)',
      'Total (value + max fee): 1.000021 BNB',
      `Account: ${account}`,
    ])
  })

  test('behavior: input-only approve(attacker, max) is decoded with an unlimited-approval warning', () => {
    const result = summary('eth_sendTransaction', [{ to: token, input: approveMax }])
    expect(rows(result)).toEqual(
      expect.arrayContaining([
        'Action: Approve spending',
        `Token contract: ${token}`,
        `Spender: ${attacker}`,
        `Amount (or NFT id): Unlimited (${2n ** 256n - 1n})`,
        `Data (68 bytes): ${approveMax}`,
      ]),
    )
    expect(result.warnings[0]).toMatch(new RegExp(`^Unlimited approval: ${attacker} may move all`))
  })

  test('behavior: ERC-20 transfer, setApprovalForAll, ERC-721 and ERC-1155 safeTransferFrom', () => {
    const transfer = `0xa9059cbb${word(attacker)}${1000n.toString(16).padStart(64, '0')}`
    expect(rows(summary('eth_sendTransaction', [{ to: token, data: transfer }]))).toEqual(
      expect.arrayContaining([
        'Action: Transfer tokens',
        `Recipient: ${attacker}`,
        'Amount: 1000 (token base units)',
      ]),
    )
    const forAll = `0xa22cb465${word(attacker)}${'1'.padStart(64, '0')}`
    const all = summary('eth_sendTransaction', [{ to: token, data: forAll }])
    expect(rows(all)).toContain(`Operator: ${attacker}`)
    expect(all.warnings[0]).toMatch(/^Approval for all: /)
    const nft = `0x42842e0e${word(account)}${word(attacker)}${'7'.padStart(64, '0')}`
    expect(rows(summary('eth_sendTransaction', [{ to: token, data: nft }]))).toEqual(
      expect.arrayContaining(['Action: Transfer NFT', 'Token id: 7']),
    )
    const multi = `0xf242432a${word(account)}${word(attacker)}${'7'.padStart(64, '0')}${'2'.padStart(64, '0')}${'a0'.padStart(64, '0')}${'0'.padStart(64, '0')}`
    expect(rows(summary('eth_sendTransaction', [{ to: token, data: multi }]))).toEqual(
      expect.arrayContaining(['Token id: 7', 'Amount: 2']),
    )
  })

  test('behavior: unknown calldata is shown whole and warned about', () => {
    const data = `0xdeadbeef${'ab'.repeat(3_000)}`
    const result = summary('eth_sendTransaction', [{ to: token, data }])
    expect(rows(result)).toContain(`Data (3004 bytes): ${data}`)
    expect(result.warnings[0]).toMatch(/cannot read/)
  })
})

describe('wallet_sendCalls', () => {
  test('default: call by call, then the totals', () => {
    const result = summary('wallet_sendCalls', [
      {
        calls: [
          { to: attacker, value: '0x1', gas: '0x5208' },
          { to: token, data: approveMax, gas: '0x10000' },
        ],
        maxFeePerGas: '0x2',
        maxPriorityFeePerGas: '0x1',
      },
    ])
    expect(result.title).toBe('Send 2 calls')
    expect(result.sections.map((section) => section.heading)).toEqual([
      'Call 1 of 2',
      'Call 2 of 2',
      'All calls',
    ])
    expect(result.warnings[0]).toMatch(/^Unlimited approval/)
    expect(rows(result)).toContain(
      'Max network fee: 0.000000000000173072 ETH (86536 gas × 0.000000002 gwei)',
    )
  })
})

describe('eth_signTypedData_v4', () => {
  const permit = (value: string, domain: Record<string, unknown> = {}) => ({
    domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: token, ...domain },
    types: {
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    message: { owner: account, spender: attacker, value, nonce: 0, deadline: '1893456000' },
  })

  test('default: EIP-2612 Permit recognised: spender, amount, deadline; unlimited warned', () => {
    const result = summary('eth_signTypedData_v4', [account, permit((2n ** 256n - 1n).toString())])
    expect(result.title).toBe('Sign permit')
    expect(rows(result)).toEqual(
      expect.arrayContaining([
        `Token: ${token}`,
        `Spender: ${attacker}`,
        'Deadline: 2030-01-01T00:00:00Z (1893456000)',
      ]),
    )
    expect(result.warnings[0]).toMatch(/^Unlimited permit: /)
    expect(summary('eth_signTypedData_v4', [account, permit('5')]).warnings).toEqual([])
  })

  test('default: Permit2 PermitSingle and PermitTransferFrom', () => {
    const single = {
      domain: {
        name: 'Permit2',
        chainId: 1,
        verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
      },
      types: {
        PermitDetails: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint160' },
          { name: 'expiration', type: 'uint48' },
          { name: 'nonce', type: 'uint48' },
        ],
        PermitSingle: [
          { name: 'details', type: 'PermitDetails' },
          { name: 'spender', type: 'address' },
          { name: 'sigDeadline', type: 'uint256' },
        ],
      },
      primaryType: 'PermitSingle',
      message: {
        details: { token, amount: (2n ** 160n - 1n).toString(), expiration: 0, nonce: 0 },
        spender: attacker,
        sigDeadline: '1893456000',
      },
    }
    const result = summary('eth_signTypedData_v4', [account, single])
    expect(result.title).toBe('Sign permit')
    expect(rows(result)).toEqual(
      expect.arrayContaining([`Spender: ${attacker}`, `Token: ${token}`]),
    )
    expect(result.warnings[0]).toMatch(/^Unlimited permit/)
    const transfer = {
      domain: { name: 'Permit2', chainId: 1 },
      types: {
        TokenPermissions: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint256' },
        ],
        PermitTransferFrom: [
          { name: 'permitted', type: 'TokenPermissions' },
          { name: 'spender', type: 'address' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'PermitTransferFrom',
      message: { permitted: { token, amount: '10' }, spender: attacker, nonce: 1, deadline: 0 },
    }
    const moved = summary('eth_signTypedData_v4', [account, transfer])
    expect(rows(moved)).toEqual(
      expect.arrayContaining([
        'Amount: 10 (token base units)',
        'Signature deadline: Never expires (0)',
      ]),
    )
  })

  test('default: other typed data as a tree with its domain and types', () => {
    const mail = {
      domain: { name: 'Ether Mail', chainId: 1 },
      types: {
        Person: [{ name: 'name', type: 'string' }],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person[]' },
        ],
      },
      primaryType: 'Mail',
      message: { from: { name: 'Cow' }, to: [{ name: 'Bob' }, { name: '\u202Eevil' }] },
    }
    const result = summary('eth_signTypedData_v4', [account, mail])
    expect(result.title).toBe('Sign typed data')
    const message = result.sections[0]?.rows[1]
    expect(message?.value).toEqual({
      kind: 'tree',
      nodes: [
        { label: 'from (Person)', children: [{ label: 'name (string)', value: 'Cow' }] },
        {
          label: 'to (Person[])',
          children: [
            { label: '[0] (Person)', children: [{ label: 'name (string)', value: 'Bob' }] },
            { label: '[1] (Person)', children: [{ label: 'name (string)', value: '\u202Eevil' }] },
          ],
        },
      ],
    })
    expect(rows(result)).toEqual(
      expect.arrayContaining([
        'Domain: [{"label":"name","value":"Ether Mail"},{"label":"chainId","value":"1"}]',
        'Types: [{"label":"Person","children":[{"label":"name","value":"string"}]},{"label":"Mail","children":[{"label":"from","value":"Person"},{"label":"to","value":"Person[]"}]}]',
      ]),
    )
    expect(result.warnings).toEqual([
      'This request contains invisible or direction-changing characters, shown as ⟨U+…⟩. The text may read differently from what is signed.',
    ])
  })
})
