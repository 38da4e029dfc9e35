import { expect, test } from 'vitest'
import { describeApproval, formatWei, readableMessage } from './describeApproval'

test('default: personal_sign shows the message; UTF-8 hex as text, binary hex as hex', () => {
  expect(describeApproval('personal_sign', ['Sign in\nnonce 1', '0x0'])).toEqual({
    title: 'Sign message',
    rows: [{ label: 'Message', value: 'Sign in\nnonce 1' }],
  })
  expect(readableMessage('0x68656c6c6f')).toBe('hello')
  expect(readableMessage('0x00ff10')).toBe('0x00ff10')
  expect(readableMessage('0xc328')).toBe('0xc328')
  expect(readableMessage({ not: 'text' })).toBe('{\n  "not": "text"\n}')
})

test('default: amounts in ETH, exactly', () => {
  expect(formatWei('0x2386f26fc10000')).toBe('0.01 ETH')
  expect(formatWei('1000000000000000001')).toBe('1.000000000000000001 ETH')
  expect(formatWei(undefined)).toBe('0 ETH')
  expect(formatWei('nonsense')).toBe('nonsense')
})

test('default: transactions, calls and typed data', () => {
  const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  expect(describeApproval('eth_sendTransaction', [{ to, value: '0xde0b6b3a7640000' }])).toEqual({
    title: 'Send transaction',
    rows: [
      { label: 'To', value: to },
      { label: 'Value', value: '1 ETH' },
    ],
  })
  expect(
    describeApproval('wallet_sendCalls', [{ calls: [{ to }, { to, data: '0xabcd' }] }]).rows,
  ).toEqual([
    { label: 'Call 1: To', value: to },
    { label: 'Call 1: Value', value: '0 ETH' },
    { label: 'Call 2: To', value: to },
    { label: 'Call 2: Value', value: '0 ETH' },
    { label: 'Call 2: Data', value: '0xabcd' },
  ])
  const typed = { primaryType: 'Mail', domain: { name: 'Ether Mail' }, message: { a: 1 } }
  const summary = describeApproval('eth_signTypedData_v4', ['0x0', JSON.stringify(typed)])
  expect(summary.title).toBe('Sign typed data')
  expect(summary.rows[0]).toEqual({ label: 'Type', value: 'Mail' })
})

test('behavior: long values are clipped, odd params never throw', () => {
  expect(readableMessage('x'.repeat(5_000))).toHaveLength(2_001)
  expect(() => describeApproval('personal_sign', null)).not.toThrow()
  expect(() => describeApproval('wallet_sendCalls', [{ calls: 'no' }])).not.toThrow()
  expect(describeApproval('eth_sendTransaction', [{}]).rows[0]).toEqual({
    label: 'To',
    value: '(contract creation)',
  })
})
