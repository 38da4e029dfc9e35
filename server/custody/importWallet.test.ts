import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex, concat, hexToBytes, parseEther, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  findAssociatedTokenAddress,
  tokenProgramAddress,
} from '../../src/solana/findAssociatedTokenAddress'
import { decodeBase64, encodeBase64 } from '../../src/utils/base64'
import { type AnvilNode, rpc, startAnvil } from '../../test/harness/anvil'
import { sealedKeyProof } from '../../test/harness/sealedKeyProof'
import { createSolanaSigner, type SolanaSigner } from '../../test/harness/solanaSigner'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'
import { decodeBase32, hotp, totpStep } from '../factors/totp'
import { releaseShares } from './sealedWallets'

// Issue 16, importing a key: the server's side (routes, rules, what the database keeps) on a real
// anvil chain, where "used" means a balance, a nonce or an indexed transfer. The frame's side (the
// phrase typed in the wallet origin, the split) is in test/e2e/frameImport.test.ts.

const dev0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
let anvil: AnvilNode
let t: TestServer

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 })
  t = await startTestServer({
    chains: { 1: anvil.rpcUrl },
    custody: { '*': 'server', sealed: 'sealed' },
  })
})
afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

/** A recovery share as the frame seals one (the server cannot open it, so any valid shape). */
const recoveryShare = {
  v: 1,
  kdf: 'argon2id',
  t: 3,
  m: 65_536,
  p: 1,
  salt: encodeBase64(new Uint8Array(16).fill(7)),
  iv: encodeBase64(new Uint8Array(12).fill(9)),
  ciphertext: encodeBase64(new Uint8Array(49).fill(11)),
}

/**
 * A key as the frame imports it: its address, the device share it keeps, the server's share, and
 * the keys' proof for a session (`proof`); with `solana`, a phrase's import: the shares hold the
 * EVM key and that Solana seed together.
 */
async function importable(solana?: SolanaSigner) {
  const key = generatePrivateKey()
  const secret = solana ? concat([hexToBytes(key), solana.secretKey]) : hexToBytes(key)
  const [device, server] = await split(secret, 3, 2)
  if (!device || !server) throw new TypeError('no shares')
  const proof = (
    credential: Parameters<typeof sealedKeyProof>[1],
    named?: { solanaAddress?: string },
  ) => sealedKeyProof(secret, credential, 'import', named)
  return { address: privateKeyToAddress(key), device, serverShare: encodeBase64(server), proof }
}

/** A user of the default (`server`) project with its new server wallet. */
async function withServerWallet(email: string) {
  const credential = await t.login(email)
  const { address } = (await t.get<{ address: `0x${string}` }>('/v1/user', credential)).body
  const user = await t.server.context.storage.users.findByEmail(email)
  if (!user) throw new TypeError('no user')
  return { credential, address, userId: user.id }
}

type Answer = { address?: string; version?: number; error?: Record<string, string> }

test('default: an account without a wallet imports a key: the shares rebuild it, and it is the account’s address', async () => {
  await t.server.context.storage.users.create({
    id: 'no-wallet',
    email: 'import-first@example.com',
    createdAt: Date.now(),
  })
  const credential = await t.login('import-first@example.com')
  expect((await t.get('/v1/sealed-wallet/import?projectId=sealed', credential)).body).toEqual({
    current: null,
  })
  const key = await importable()
  const done = await t.post<Answer>(
    '/v1/sealed-wallet/import',
    {
      projectId: 'sealed',
      address: key.address,
      serverShare: key.serverShare,
      recoveryShare,
      replace: null,
      keyProof: await key.proof(credential),
    },
    credential,
  )
  expect(done).toMatchObject({ status: 200, body: { address: key.address, version: 1 } })
  const released = await releaseShares(t.server.context, 'no-wallet')
  expect(released).toMatchObject({ address: key.address, version: 1, recoveryShare })
  const rebuilt = await combine([key.device, decodeBase64(released.serverShare) as Uint8Array])
  expect(privateKeyToAddress(bytesToHex(rebuilt))).toBe(key.address)
  expect((await t.get('/v1/user', credential)).body).toMatchObject({ address: key.address })
})

test('default: a phrase’s Solana account becomes the account’s, sealed (no key here, its seed in the shares); an address no seed has (program-derived, small-order) or another account’s is refused first', async () => {
  const owner = await withServerWallet('import-sol-owner@example.com')
  const other = await withServerWallet('import-sol-other@example.com')
  const { body: them } = await t.get<{ solana: { address: string } }>('/v1/user', other.credential)
  const before = await t.server.context.storage.solanaWallets.findByUserId(owner.userId)
  const solana = createSolanaSigner(31)
  const key = await importable(solana)
  const post = async (solanaAddress: string) =>
    t.post<Answer>(
      '/v1/sealed-wallet/import',
      {
        projectId: 'sealed',
        address: key.address,
        solanaAddress,
        serverShare: key.serverShare,
        recoveryShare,
        replace: { address: owner.address, confirmed: false },
        keyProof: await key.proof(owner.credential, { solanaAddress }),
      },
      owner.credential,
    )
  const owned = { owner: solana.address, mint: them.solana.address }
  const derived = await findAssociatedTokenAddress({ ...owned, tokenProgram: tokenProgramAddress })
  // Off the curve, and the System Program's (32 zero bytes: a point of order 4).
  for (const address of [derived, '11111111111111111111111111111111'])
    expect((await post(address)).body.error?.name).toBe('InvalidRequestError')
  // Another account's: its key did not sign (keyProof.test.ts).
  expect((await post(them.solana.address)).body.error?.message).toMatch(/keyProof: /)
  expect(await t.server.context.storage.solanaWallets.findByUserId(owner.userId)).toEqual(before)
  expect((await t.server.context.storage.wallets.findByUserId(owner.userId))?.address).toBe(
    owner.address,
  )

  expect(await post(solana.address)).toMatchObject({ status: 200, body: { address: key.address } })
  expect((await t.get('/v1/user', owner.credential)).body).toMatchObject({
    address: key.address,
    solana: { address: solana.address },
  })
  expect(await t.server.context.storage.solanaWallets.findByUserId(owner.userId)).toMatchObject({
    address: solana.address,
    encryptedKey: '',
  })
  const released = await releaseShares(t.server.context, owner.userId)
  expect(released.solanaAddress).toBe(solana.address)
  const rebuilt = await combine([key.device, decodeBase64(released.serverShare) as Uint8Array])
  expect(bytesToHex(rebuilt.subarray(32))).toBe(bytesToHex(solana.secretKey))
})

test('behavior: an unused wallet is replaced without asking; a used one (funded on chain) only when confirmed', async () => {
  const fresh = await withServerWallet('import-fresh@example.com')
  expect((await t.get('/v1/sealed-wallet/import?projectId=sealed', fresh.credential)).body).toEqual(
    { current: { address: fresh.address, inUse: false } },
  )
  const first = await importable()
  const replaced = await t.post<Answer>(
    '/v1/sealed-wallet/import',
    {
      projectId: 'sealed',
      address: first.address,
      serverShare: first.serverShare,
      recoveryShare,
      replace: { address: fresh.address, confirmed: false },
      keyProof: await first.proof(fresh.credential),
    },
    fresh.credential,
  )
  expect(replaced).toMatchObject({ status: 200, body: { address: first.address } })
  // The server's whole key of the replaced wallet is gone.
  expect(await t.server.context.storage.wallets.findByUserId(fresh.userId)).toMatchObject({
    address: first.address,
    encryptedKey: '',
    custody: 'sealed',
  })

  // The imported wallet receives 1 ETH: it is in use now.
  await rpc(anvil.rpcUrl, 'eth_sendTransaction', [
    { from: dev0, to: first.address, value: toHex(parseEther('1')) },
  ])
  expect((await t.get('/v1/sealed-wallet/import?projectId=sealed', fresh.credential)).body).toEqual(
    { current: { address: first.address, inUse: true } },
  )
  const second = await importable()
  const body = {
    projectId: 'sealed',
    address: second.address,
    serverShare: second.serverShare,
    recoveryShare,
    replace: { address: first.address, confirmed: false },
    keyProof: await second.proof(fresh.credential),
  }
  const refused = await t.post<Answer>('/v1/sealed-wallet/import', body, fresh.credential)
  expect(refused).toMatchObject({
    status: 409,
    body: { error: { name: 'WalletImportError', reason: 'IN_USE' } },
  })
  expect((await releaseShares(t.server.context, fresh.userId)).address).toBe(first.address)
  const confirmed = await t.post<Answer>(
    '/v1/sealed-wallet/import',
    { ...body, replace: { address: first.address, confirmed: true } },
    fresh.credential,
  )
  // A new split of the account: its version goes on from the replaced wallet's.
  expect(confirmed).toMatchObject({ status: 200, body: { address: second.address, version: 2 } })
})

test('error: another wallet named, a wallet another account has, a project that does not seal, or a bare token: nothing changes', async () => {
  const owner = await withServerWallet('import-owner@example.com')
  const other = await withServerWallet('import-other@example.com')
  const key = await importable()
  const keyProof = await key.proof(owner.credential)
  const post = (body: Record<string, unknown>) =>
    t.post<Answer>(
      '/v1/sealed-wallet/import',
      {
        projectId: 'sealed',
        address: key.address,
        serverShare: key.serverShare,
        recoveryShare,
        replace: { address: other.address, confirmed: true },
        keyProof,
        ...body,
      },
      owner.credential,
    )
  expect((await post({})).body.error).toMatchObject({
    name: 'WalletImportError',
    reason: 'CHANGED',
  })
  expect((await post({ replace: null })).body.error).toMatchObject({ reason: 'CHANGED' })
  const taken = await post({
    address: other.address,
    replace: { address: owner.address, confirmed: true },
  })
  expect(taken.body.error?.message).toMatch(/keyProof: /) // Its key did not sign.
  const plain = await post({
    projectId: 'plain',
    replace: { address: owner.address, confirmed: true },
  })
  expect(plain.status).toBe(400)
  expect(plain.body.error?.name).toBe('InvalidRequestError')
  const bare = await t.request('/v1/sealed-wallet/import', {
    method: 'POST',
    body: { projectId: 'sealed', replace: null },
    token: owner.credential.token,
  })
  expect(bare.status).toBe(401)
  for (const { userId, address } of [owner, other])
    expect(await t.server.context.storage.wallets.findByUserId(userId)).toMatchObject({
      address,
      encryptedKey: expect.stringMatching(/.+/),
    })
})

test('behavior: once the account has a second factor, an import needs a proof for exactly that action', async () => {
  const { credential } = await withServerWallet('import-factor@example.com')
  const setup = await t.post<{ secret: string }>('/v1/factors/totp/setup', {}, credential)
  const secret = decodeBase32(setup.body.secret) as Buffer
  const code = () => hotp(secret, totpStep(t.clock.now()))
  expect((await t.post('/v1/factors/totp/confirm', { code: code() }, credential)).status).toBe(200)
  const { current } = (
    await t.get<{ current: { address: string } }>(
      '/v1/sealed-wallet/import?projectId=sealed',
      credential,
    )
  ).body
  const key = await importable()
  const body = {
    projectId: 'sealed',
    address: key.address,
    serverShare: key.serverShare,
    recoveryShare,
    replace: { address: current.address, confirmed: true },
    keyProof: await key.proof(credential),
  }
  const refused = await t.post<Answer>('/v1/sealed-wallet/import', body, credential)
  expect(refused.status).toBe(403)
  expect(refused.body.error).toMatchObject({ name: 'SecondFactorRequiredError', reason: 'MISSING' })
  t.clock.advance(30_000)
  const { factorProof } = (
    await t.post<{ factorProof: string }>(
      '/v1/factors/verify',
      { code: code(), action: 'import-wallet' },
      credential,
    )
  ).body
  const done = await t.post<Answer>(
    '/v1/sealed-wallet/import',
    { ...body, factorProof },
    credential,
  )
  expect(done).toMatchObject({ status: 200, body: { address: key.address } })
})
