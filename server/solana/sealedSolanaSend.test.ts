import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { type Address, createSolanaRpc } from '@solana/kit'
import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { normalizeSolanaRequest } from '../../src/approval/normalizeSolanaRequest'
import { decodeSolanaTransaction } from '../../src/solana/decodeSolanaTransaction'
import { insertSolanaSignature } from '../../src/solana/insertSolanaSignature'
import { decodeBase64, encodeBase64 } from '../../src/utils/base64'
import { encodeBase58 } from '../../src/utils/encodeBase58'
import { sealedKeyProof } from '../../test/harness/sealedKeyProof'
import {
  startTestServer,
  type TestCredential,
  type TestServer,
} from '../../test/harness/startTestServer'
import { SOL } from '../../test/solana/solanaRpc.fixture'
import { type SolanaRpc, startSolanaRpc } from '../../test/solana/startSolanaRpc'
import { solTransfer, unsignedTransaction } from '../../test/solana/unsignedTransaction.fixture'

// Issue 16, Solana in sealed wallets: the frame signs a sealed account's transaction with the
// seed it rebuilds (here: the test, from the device share and the server's), and the server,
// which has no key for it, checks and sends it once, recorded under its signature before it goes
// out (POST /v1/solana/sealed/send). A litesvm cluster.

const stranger = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' as Address
let solana: SolanaRpc
let t: TestServer
let credential: TestCredential
let account: Address
let seed: Uint8Array

type Answer = { result?: { signature: string }; error?: { name: string; message: string } }

beforeAll(async () => {
  solana = await startSolanaRpc({ slotMs: 0 })
  t = await startTestServer({
    solanaClusters: { localnet: solana.url },
    custody: { sealed: 'sealed' },
  })
  const email = 'sealed-solana@example.test'
  const deviceId = 'device-cccccccccccccccc'
  await t.post('/v1/connect-email', { email, deviceId })
  const otp = await t.sink.waitForCode(email)
  const key = await t.createDeviceKey()
  const login = await t.post<{ token: string }>(
    '/v1/connect-otp',
    { email, deviceId, otp, projectId: 'sealed' },
    key,
  )
  credential = { token: login.body.token, key }
  // As the frame's setUp (frame/sealed/walletSecret.ts): the EVM key and the Solana seed split
  // as one secret; the server gets its share.
  const evmKey = secp256k1.utils.randomPrivateKey()
  const madeSeed = ed25519.utils.randomPrivateKey()
  const secret = new Uint8Array([...evmKey, ...madeSeed])
  const address = privateKeyToAddress(bytesToHex(evmKey))
  const solanaAddress = encodeBase58(ed25519.getPublicKey(madeSeed))
  const [device, server] = await split(secret, 3, 2)
  const made = await t.post(
    '/v1/sealed-wallet',
    {
      projectId: 'sealed',
      address,
      solanaAddress,
      serverShare: encodeBase64(server as Uint8Array),
      recoveryShare: null,
      keyProof: await sealedKeyProof(secret, credential, 'create'),
    },
    credential,
  )
  expect(made.status).toBe(200)
  const released = await t.post<{ serverShare: string; solanaAddress: string }>(
    '/v1/sealed-wallet/shares',
    {},
    credential,
  )
  expect(released.body.solanaAddress).toBe(solanaAddress)
  const rebuilt = await combine([
    device as Uint8Array,
    decodeBase64(released.body.serverShare) as Uint8Array,
  ])
  seed = rebuilt.slice(32)
  account = solanaAddress as Address
  await solana.airdrop(account, 2n * SOL)
})
afterAll(async () => {
  await t?.close()
  await solana?.stop()
})

const rpc = () => createSolanaRpc(solana.url)
const balance = async (address: Address) => (await rpc().getBalance(address).send()).value

/** An approved transfer to the stranger: the canonical request, its hash, the signed bytes. */
async function approvedTransfer(lamports: bigint, signWith = seed) {
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
  const { messageBytes } = decodeSolanaTransaction(transaction)
  const signature = ed25519.sign(messageBytes, signWith)
  const signed = insertSolanaSignature(transaction, account, signature)
  return {
    body: { request, hash: hashCanonicalRequest(request), transaction: encodeBase64(signed) },
    signature: encodeBase58(signature),
    signed,
  }
}

const send = (body: unknown) => t.post<Answer>('/v1/solana/sealed/send', body, credential)

test('default: a transaction the frame signed is recorded under its signature and sent once; the SOL moves', async () => {
  const before = await balance(stranger)
  const { body, signature } = await approvedTransfer(SOL / 10n)
  const answer = await send(body)
  expect(answer.body.error).toBeUndefined()
  expect(answer.body.result).toEqual({ signature })
  expect(await t.server.context.storage.solanaSends.find(signature)).toMatchObject({
    status: 'sent',
    address: account,
    cluster: 'solana:localnet',
  })
  expect(await balance(stranger)).toBe(before + SOL / 10n)
  // The server's own Solana signing refuses this account: it has no key for it.
  const signing = await t.post<Answer>(
    '/v1/solana/rpc',
    { method: 'solana_signAndSendTransaction', request: body.request, hash: body.hash },
    credential,
  )
  expect(signing.status).toBe(400)
  expect(signing.body.error?.message).toMatch(/sealed: the server cannot sign/)
})

test('error: another key, other bytes than approved, or another hash: refused, nothing recorded or sent', async () => {
  const before = await balance(stranger)
  const otherKey = await approvedTransfer(SOL / 100n, ed25519.utils.randomPrivateKey())
  const changed = await approvedTransfer(SOL / 100n)
  const tampered = Uint8Array.from(changed.signed)
  tampered[tampered.length - 1] = (tampered.at(-1) ?? 0) ^ 1
  for (const [body, message] of [
    [otherKey.body, /signature is not this account's/],
    [{ ...changed.body, transaction: encodeBase64(tampered) }, /Not the approved transaction/],
    [{ ...changed.body, hash: `0x${'0'.repeat(64)}` }, /hash/i],
  ] as const) {
    const answer = await send(body)
    expect(answer.status).toBe(400)
    expect(answer.body.error?.message).toMatch(message)
  }
  for (const signature of [otherKey.signature, changed.signature])
    expect(await t.server.context.storage.solanaSends.find(signature)).toBeUndefined()
  expect(await balance(stranger)).toBe(before)
})
