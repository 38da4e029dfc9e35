import { keccak256, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { rpc } from '../../test/harness/anvil'
import { dev0, type SendLab, startSendLab } from '../../test/harness/startSendLab'

// H11, the lookup after a lost answer (reconcileSend) when another transaction of the account
// took the nonce, through the server's HTTP API, against a real anvil behind the fault proxy.
// A 1.5 s call deadline (default 10 s) and a 2 s reconcile window (default 6 s).

const rpcOptions = { timeoutMs: 1_500, reconcileMs: 2_000 }

let lab: SendLab

beforeAll(async () => {
  lab = await startSendLab(rpcOptions)
})
afterAll(async () => {
  await lab?.close()
})

describe('reconcileSend', () => {
  test('error: H11 the send times out while another transaction of the account is mined at its nonce: replaced, not sent, never re-sent', async () => {
    const nonce = await lab.mined()
    let lost: `0x${string}` | undefined
    let other: string | undefined
    lab.proxy.script({
      match: (request) => request.methods.includes('eth_sendRawTransaction'),
      // The node never gets the server's transaction, and never answers: the call times out.
      fault: { kind: 'hang' },
      // Meanwhile the same key (another device, another server process) sends at that nonce.
      before: async ({ body }) => {
        lost = keccak256((body as { params: [`0x${string}`] }).params[0])
        await rpc(lab.anvil.rpcUrl, 'anvil_impersonateAccount', [lab.address])
        other = await rpc<string>(lab.anvil.rpcUrl, 'eth_sendTransaction', [
          { from: lab.address, to: dev0, value: '0x2', nonce: toHex(nonce) },
        ])
        await rpc(lab.anvil.rpcUrl, 'anvil_stopImpersonatingAccount', [lab.address])
      },
    })
    const answer = await lab.send()
    // Measured, not asserted: from the send at the node's door to the answer (deadline + lookups).
    const sentAt = lab.proxy.seen.find((r) => r.methods.includes('eth_sendRawTransaction'))?.at
    console.log(
      `[H figures] ${JSON.stringify({ replacedSendAnswerMs: Date.now() - (sentAt ?? NaN) })}`,
    )
    // A definite answer: the visitor's transaction will never be mined, sending again is safe.
    expect(answer.status).toBe(502)
    expect(answer.body.error).toEqual({
      name: 'ChainRequestFailedError',
      message: 'Another transaction of this account was mined with the same nonce',
      code: -32603,
      mayHaveBeenSent: false,
    })
    expect(lab.proxy.count('eth_sendRawTransaction')).toBe(1)
    expect(lost).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await lab.onChain(lost as string)).toBeNull()
    expect(Number((await lab.onChain(other as string))?.nonce)).toBe(nonce)
    expect(await lab.server.server.context.storage.sends.find(lost as `0x${string}`)).toMatchObject(
      { nonce, status: 'failed' },
    )
    // The next send takes the next free nonce.
    lab.proxy.clear()
    const next = await lab.send({ value: '0x3' })
    expect(next.status).toBe(200)
    expect(Number((await lab.onChain(next.body.result as string))?.nonce)).toBe(nonce + 1)
  })
})
