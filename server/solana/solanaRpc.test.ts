import {
  type Address,
  createSolanaRpc,
  getBase58Decoder,
  getBase58Encoder,
  getPublicKeyFromAddress,
  type SignatureBytes,
  signature as toSignature,
  verifySignature,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { normalizeSolanaRequest } from '../../src/approval/normalizeSolanaRequest'
import type {
  CanonicalSolanaRequest,
  CanonicalSolanaSignTransaction,
  SolanaApprovalMethod,
} from '../../src/approval/solanaTypes'
import { decodeSolanaTransaction } from '../../src/solana/decodeSolanaTransaction'
import { decodeBase64, encodeBase64 } from '../../src/utils/base64'
import {
  startTestServer,
  type TestCredential,
  type TestServer,
} from '../../test/harness/startTestServer'
import { databaseBytes } from '../../test/harness/testDatabase'
import { SOL } from '../../test/solana/solanaRpc.fixture'
import { type SolanaRpc, startSolanaRpc } from '../../test/solana/startSolanaRpc'
import { solTransfer, unsignedTransaction } from '../../test/solana/unsignedTransaction.fixture'
import { decrypt } from '../crypto/encryption'
import { deriveKeys, parseMasterKey } from '../crypto/masterKey'

// Issue 13: the embedded wallet's ed25519 key on a real SQLite file, signing only the canonical
// request the frame showed; signatures checked with @solana/kit (WebCrypto), sends landing on the
// litesvm cluster.

const stranger = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' as Address

let solana: SolanaRpc
let t: TestServer
let token: TestCredential
let account: Address

type Answer = { result?: unknown; error?: { name: string; message: string; code?: number } }
type User = { address: string; solana?: { address: Address } }

beforeAll(async () => {
  solana = await startSolanaRpc({ slotMs: 0 })
  t = await startTestServer({ solanaClusters: { localnet: solana.url } })
  token = await t.login('solana@example.test')
  account = (await t.get<User>('/v1/user', token)).body.solana?.address as Address
})
afterAll(async () => {
  await t?.close()
  await solana?.stop()
})

const rpc = () => createSolanaRpc(solana.url)
const latest = async () => (await rpc().getLatestBlockhash().send()).value.blockhash
const balance = async (address: Address) => (await rpc().getBalance(address).send()).value

const normalize = (method: SolanaApprovalMethod, params: unknown, as: Address = account) =>
  normalizeSolanaRequest({ method, params, account: as, chain: 'solana:localnet' }).request
const send = (
  request: unknown,
  hash: unknown = hashCanonicalRequest(request as CanonicalSolanaRequest),
  auth: TestCredential | string = token,
  method = (request as { method: string }).method,
) => t.post<Answer>('/v1/solana/rpc', { method, request, hash }, auth)

async function verifies(address: Address, signature: Uint8Array, data: Uint8Array) {
  return verifySignature(
    await getPublicKeyFromAddress(address),
    signature as SignatureBytes,
    data as Parameters<typeof verifySignature>[2],
  )
}

const transfer = async (lamports: bigint, payer: Address = account, version: 'legacy' | 0 = 0) =>
  unsignedTransaction({
    payer,
    blockhash: await latest(),
    version,
    instructions: [solTransfer(payer, stranger, lamports)],
  })

describe('the Solana key', () => {
  test('default: made once per user, reported by /user, encrypted at rest', async () => {
    expect(getBase58Encoder().encode(account)).toHaveLength(32)
    const again = await t.get<User>('/v1/user', token)
    expect(again.body.solana).toEqual({ address: account })
    const rows = await t.query('SELECT user_id, address, encrypted_key FROM solana_wallets')
    const row = rows.find((item) => item.address === account) as unknown as {
      user_id: string
      encrypted_key: string
    }
    expect(row.encrypted_key).toMatch(/^v1\.[A-Za-z0-9_-]+$/)
    const seed = decrypt(
      deriveKeys(parseMasterKey(t.masterKey)).wallet,
      row.encrypted_key,
      `latchkey-solana-wallet\n${row.user_id}\n${account}`,
    )
    expect(seed).toMatch(/^[0-9a-f]{64}$/)
    const bytes = await databaseBytes(t.databaseUrl)
    expect(bytes.includes(Buffer.from(seed))).toBe(false)
    expect(bytes.includes(Buffer.from(seed, 'hex'))).toBe(false)
    // Moved to another user, the ciphertext does not open.
    expect(() =>
      decrypt(
        deriveKeys(parseMasterKey(t.masterKey)).wallet,
        row.encrypted_key,
        `latchkey-solana-wallet\nsomeone-else\n${account}`,
      ),
    ).toThrow('Could not decrypt a value stored at rest')
  })

  test('behavior: concurrent first requests agree on one key; each user has their own', async () => {
    const other = await t.login('solana-race@example.test')
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.get<User>('/v1/user', other)),
    )
    const addresses = new Set(answers.map((answer) => answer.body.solana?.address))
    expect(addresses.size).toBe(1)
    expect(addresses.has(account)).toBe(false)
  })
})

describe('solana_signMessage', () => {
  test('default: the exact bytes are signed and the signature verifies against the address', async () => {
    const text = 'Sign in to dapp.test\nNonce: 8d1c'
    const bytes = new TextEncoder().encode(text)
    const request = normalize('solana_signMessage', {
      message: getBase58Decoder().decode(bytes),
      pubkey: account,
    })
    const answer = await send(request)
    expect(answer.status).toBe(200)
    const { signature } = answer.body.result as { signature: string }
    const signatureBytes = new Uint8Array(getBase58Encoder().encode(signature))
    expect(signatureBytes).toHaveLength(64)
    expect(await verifies(account, signatureBytes, bytes)).toBe(true)
    expect(await verifies(account, signatureBytes, new TextEncoder().encode(`${text}!`))).toBe(
      false,
    )
  })

  test('error: another user cannot use a request made for this account; a changed message is refused', async () => {
    const request = normalize('solana_signMessage', {
      message: getBase58Decoder().decode(new TextEncoder().encode('hi')),
      pubkey: account,
    })
    const other = await t.login('solana-other@example.test')
    const theirs = await send(request, undefined, other)
    expect(theirs.status).toBe(400)
    expect(theirs.body.error?.message).toBe('Invalid request: The request is for another account.')
    const changed = {
      ...request,
      message: encodeBase64(new TextEncoder().encode('hI')),
      text: 'hI',
    }
    const tampered = await send(changed, hashCanonicalRequest(request))
    expect(tampered.body.error?.message).toBe(
      'Invalid request: The request does not match its hash.',
    )
    const bad = await send({ ...request, message: 'aGk' })
    expect(bad.body.error?.message).toBe('Invalid request: The message must be base64.')
    // A bare token (no device proof) signs nothing.
    expect((await send(request, undefined, token.token)).status).toBe(401)
  })

  test('error: raw params, an unknown method, bytes that are a transaction message', async () => {
    const raw = await t.post<Answer>(
      '/v1/solana/rpc',
      { method: 'solana_signMessage', params: { message: 'Cn8eVZg', pubkey: account } },
      token,
    )
    expect(raw.status).toBe(400)
    expect(raw.body.error?.name).toBe('InvalidRequestError')
    const unknown = await send({ method: 'solana_signIn', account }, '0x00')
    expect(unknown.body.error).toMatchObject({ name: 'RpcMethodNotAllowedError', code: 4200 })
    const tx = await transfer(1n)
    const disguised = {
      method: 'solana_signMessage',
      account,
      message: encodeBase64(decodeSolanaTransaction(tx).messageBytes),
    }
    const answer = await send(disguised)
    expect(answer.body.error?.message).toBe(
      'Invalid request: The message reads as a Solana transaction: sign it as a transaction instead.',
    )
  })
})

describe('transactions', () => {
  test('default: signTransaction puts a valid signature at the fee payer slot, legacy and v0', async () => {
    for (const version of ['legacy', 0] as const) {
      const bytes = await transfer(1_000n, account, version)
      const request = normalize('solana_signTransaction', { transaction: encodeBase64(bytes) })
      const answer = await send(request)
      expect(answer.status).toBe(200)
      const signed = decodeBase64((answer.body.result as { transaction: string }).transaction)
      if (!signed) throw new Error('not base64')
      const decoded = decodeSolanaTransaction(signed)
      expect(decoded.messageBytes).toEqual(decodeSolanaTransaction(bytes).messageBytes)
      expect(signed.subarray(65)).toEqual(bytes.subarray(65))
      expect(
        await verifies(account, decoded.signatures[0] as Uint8Array, decoded.messageBytes),
      ).toBe(true)
    }
  })

  test('default: signAllTransactions signs each', async () => {
    const list = [await transfer(1n), await transfer(2n, account, 'legacy')]
    const request = normalize('solana_signAllTransactions', {
      transactions: list.map(encodeBase64),
    })
    const answer = await send(request)
    const signed = (answer.body.result as { transactions: string[] }).transactions
    expect(signed).toHaveLength(2)
    for (const item of signed) {
      const decoded = decodeSolanaTransaction(decodeBase64(item) as Uint8Array)
      expect(
        await verifies(account, decoded.signatures[0] as Uint8Array, decoded.messageBytes),
      ).toBe(true)
    }
  })

  test('default: signAndSendTransaction lands on the cluster and moves the SOL', async () => {
    await solana.airdrop(account, 2n * SOL)
    const before = await balance(stranger)
    const request = normalize('solana_signAndSendTransaction', {
      transaction: encodeBase64(await transfer(SOL / 10n)),
      options: { preflightCommitment: 'processed' },
    })
    const answer = await send(request)
    expect(answer.status).toBe(200)
    const { signature } = answer.body.result as { signature: string }
    expect(await balance(stranger)).toBe(before + SOL / 10n)
    const { value } = await rpc()
      .getSignatureStatuses([toSignature(signature)])
      .send()
    expect(value[0]?.err).toBe(null)
  })

  test('error: a fee payer that is not the user, changed bytes, another cluster; nothing is sent', async () => {
    await solana.airdrop(account, SOL)
    const before = await balance(account)
    // Built as the frame would never build it: a canonical-looking request paid by someone else.
    const foreign = encodeBase64(await transfer(SOL / 10n, stranger))
    const paidByOther = {
      method: 'solana_signAndSendTransaction',
      chain: 'solana:localnet',
      account,
      transaction: foreign,
      options: {},
    }
    expect((await send(paidByOther)).body.error?.message).toBe(
      `Invalid request: The transaction is paid for by ${stranger}, not by this wallet's account ${account}.`,
    )
    const request = normalize('solana_signAndSendTransaction', {
      transaction: encodeBase64(await transfer(SOL / 10n)),
    }) as CanonicalSolanaSignTransaction & { options: object }
    const bytes = decodeBase64(request.transaction) as Uint8Array
    // Before the (empty) lookup table list: the amount's highest byte. 0.1 SOL becomes far more.
    const changed = Uint8Array.from(bytes)
    changed[changed.length - 2] = 0x01
    const tampered = await send(
      { ...request, transaction: encodeBase64(changed) },
      hashCanonicalRequest(request),
    )
    expect(tampered.status).toBe(400)
    expect(tampered.body.error?.message).toBe(
      'Invalid request: The request does not match its hash.',
    )
    const elsewhere = { ...request, chain: 'solana:devnet' }
    const unconfigured = await send(elsewhere)
    expect(unconfigured.body.error).toMatchObject({ name: 'ChainNotSupportedError' })
    const notBase64 = await send({
      ...request,
      transaction: `${request.transaction.slice(0, -4)}!!!!`,
    })
    expect(notBase64.body.error?.message).toBe('Invalid request: The transaction must be base64.')
    expect(await balance(account)).toBe(before)
  })

  test('error: the cluster refuses (expired blockhash): its error comes back, typed', async () => {
    const request = normalize('solana_signAndSendTransaction', {
      transaction: encodeBase64(await transfer(1n)),
    })
    solana.advanceSlots(200)
    const answer = await send(request)
    expect(answer.body.error).toMatchObject({ name: 'ChainRequestFailedError', code: -32002 })
    expect(answer.body.error?.message).toMatch(/Blockhash not found/)
  })
})
