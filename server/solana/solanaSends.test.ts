import { type Address, createSolanaRpc, getBase58Decoder } from '@solana/kit'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { normalizeSolanaRequest } from '../../src/approval/normalizeSolanaRequest'
import { decodeBase64, encodeBase64 } from '../../src/utils/base64'
import { type FaultyRpc, startFaultyRpc } from '../../test/harness/startFaultyRpc'
import {
  startTestServer,
  type TestCredential,
  type TestServer,
} from '../../test/harness/startTestServer'
import { SOL } from '../../test/solana/solanaRpc.fixture'
import { type SolanaRpc, startSolanaRpc } from '../../test/solana/startSolanaRpc'
import { solTransfer, unsignedTransaction } from '../../test/solana/unsignedTransaction.fixture'

// Issue 13: the embedded wallet's Solana sends are recorded under their signature before they go
// out and sent once, as its EVM sends are (broadcastOnce): a lost answer is looked up by
// signature, never sent again. The litesvm cluster behind a proxy that loses answers.

const stranger = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' as Address
let solana: SolanaRpc
let faulty: FaultyRpc
let t: TestServer
let token: TestCredential
let account: Address

type Answer = {
  result?: { signature: string }
  error?: { name: string; signature?: string; mayHaveBeenSent?: boolean; code?: number }
}

beforeAll(async () => {
  solana = await startSolanaRpc({ slotMs: 0 })
  faulty = await startFaultyRpc(solana.url)
  t = await startTestServer({ solanaClusters: { localnet: faulty.url } })
  token = await t.login('solana-sends@example.test')
  const user = await t.get<{ solana?: { address: Address } }>('/v1/user', token)
  account = user.body.solana?.address as Address
  await solana.airdrop(account, 2n * SOL)
})
afterEach(() => faulty.clear())
afterAll(async () => {
  await t?.close()
  await faulty?.stop()
  await solana?.stop()
})

const rpc = () => createSolanaRpc(solana.url)
const balance = async (address: Address) => (await rpc().getBalance(address).send()).value
const sends = () => faulty.count('sendTransaction')

/** Approves and sends a transfer of `lamports` to the stranger, as the frame does. */
async function sendTransfer(lamports: bigint) {
  const blockhash = (await rpc().getLatestBlockhash().send()).value.blockhash
  const transaction = unsignedTransaction({
    payer: account,
    blockhash,
    instructions: [solTransfer(account, stranger, lamports)],
  })
  const { request } = normalizeSolanaRequest({
    method: 'solana_signAndSendTransaction',
    params: {
      transaction: encodeBase64(transaction),
      options: { preflightCommitment: 'processed' },
    },
    account,
    chain: 'solana:localnet',
  })
  const hash = hashCanonicalRequest(request)
  return t.post<Answer>('/v1/solana/rpc', { method: request.method, request, hash }, token)
}

/** The fee payer's signature in a sendTransaction the proxy saw (1 signature: bytes 1–64). */
const signatureIn = (body: unknown) => {
  const [wire] = (body as { params: [string] }).params
  return getBase58Decoder().decode((decodeBase64(wire) as Uint8Array).subarray(1, 65))
}
const recorded = (signature: string) => t.server.context.storage.solanaSends.find(signature)

test('default: a send is recorded under its signature before it reaches the cluster, then sent', async () => {
  let atTheDoor: unknown
  faulty.script({
    match: ({ methods }) => methods.includes('sendTransaction'),
    fault: { kind: 'forward' },
    before: async (request) => {
      atTheDoor = await recorded(signatureIn(request.body))
    },
  })
  const answer = await sendTransfer(SOL / 100n)
  expect(answer.body.error).toBeUndefined()
  expect(answer.status).toBe(200)
  const signature = answer.body.result?.signature as string
  expect(atTheDoor).toMatchObject({ signature, status: 'sending', cluster: 'solana:localnet' })
  expect(await recorded(signature)).toMatchObject({ status: 'sent', address: account })
})

test('behavior: a lost answer is looked up by signature, not sent again: the visitor gets the signature, the SOL moves once', async () => {
  const before = await balance(stranger)
  const sentBefore = sends()
  faulty.script({
    match: ({ methods }) => methods.includes('sendTransaction'),
    fault: { kind: 'resetAfterForward' },
  })
  const answer = await sendTransfer(SOL / 10n)
  expect(answer.body.error).toBeUndefined()
  expect(answer.status).toBe(200)
  const signature = answer.body.result?.signature as string
  expect(sends() - sentBefore).toBe(1)
  expect(faulty.count('getSignatureStatuses')).toBeGreaterThan(0)
  expect(await balance(stranger)).toBe(before + SOL / 10n)
  expect(await recorded(signature)).toMatchObject({ status: 'sent' })
})

test('error: a lost answer the cluster never had: BroadcastUncertainError with the signature, nothing sent again', async () => {
  const before = await balance(stranger)
  const sentBefore = sends()
  faulty.script({
    match: ({ methods }) => methods.includes('sendTransaction'),
    fault: { kind: 'reset' },
  })
  // Another amount: the same bytes as the last test's would be its (landed) transaction.
  const answer = await sendTransfer(SOL / 10n + 1n)
  expect(answer.status).toBe(502)
  expect(answer.body.error).toMatchObject({
    name: 'BroadcastUncertainError',
    mayHaveBeenSent: true,
  })
  const signature = answer.body.error?.signature as string
  expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
  expect(sends() - sentBefore).toBe(1)
  expect(await balance(stranger)).toBe(before)
  expect(await recorded(signature)).toMatchObject({ status: 'uncertain' })
})

test('error: the cluster refuses (expired blockhash): recorded as failed, mayHaveBeenSent false', async () => {
  let signature = ''
  faulty.script({
    match: ({ methods }) => methods.includes('sendTransaction'),
    fault: { kind: 'forward' },
    before: (request) => {
      signature = signatureIn(request.body)
      solana.advanceSlots(200)
    },
  })
  const answer = await sendTransfer(1n)
  expect(answer.body.error).toMatchObject({ name: 'ChainRequestFailedError', code: -32002 })
  expect(answer.body.error?.mayHaveBeenSent).toBe(false)
  expect(await recorded(signature)).toMatchObject({ status: 'failed' })
})
