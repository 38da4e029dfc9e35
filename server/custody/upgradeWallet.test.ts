import { ed25519 } from '@noble/curves/ed25519'
import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex, hexToBytes } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../../src/approval/normalizeApprovalRequest'
import { normalizeSolanaRequest } from '../../src/approval/normalizeSolanaRequest'
import { decodeBase64, encodeBase64 } from '../../src/utils/base64'
import { encodeBase58 } from '../../src/utils/encodeBase58'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'
import { releaseShares } from './sealedWallets'

// Issue 16, the upgrade of a `server` wallet to sealed: the project `sealed` seals, the others
// keep the server's mode. The frame's side (the split, the password screen) is in
// test/e2e/frameSealedDevices.test.ts; here the routes and what the database keeps.

let t: TestServer
beforeEach(async () => {
  t = await startTestServer({ custody: { '*': 'server', sealed: 'sealed' } })
})
afterEach(async () => {
  await t.close()
})

// What the frame splits (frame/sealed/walletSecret.ts): the EVM key, then the Solana seed.
const solanaAddressOf = (seed: Uint8Array) => encodeBase58(ed25519.getPublicKey(seed))
const joinSecret = (evmKey: Uint8Array, seed: Uint8Array) => new Uint8Array([...evmKey, ...seed])

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

async function serverWallet(email: string) {
  const credential = await t.login(email)
  const user = await t.get<{ address: `0x${string}`; solana: { address: string } }>(
    '/v1/user',
    credential,
  )
  const record = await t.server.context.storage.users.findByEmail(email)
  if (!record) throw new TypeError('no user')
  const { address } = user.body
  return { credential, address, solanaAddress: user.body.solana.address, userId: record.id }
}

test('default: a sealed project hands the key once, takes its shares, and the server cannot sign for it any more', async () => {
  const { credential, address, solanaAddress, userId } = await serverWallet('upgrade@example.com')
  const status = await t.get('/v1/sealed-wallet?projectId=sealed', credential)
  expect(status.body).toEqual({ custody: 'server', address, mode: 'sealed' })

  const handed = await t.post<{
    address: string
    privateKey: `0x${string}`
    solana: { address: string; seed: string }
  }>('/v1/sealed-wallet/upgrade/key', { projectId: 'sealed' }, credential)
  expect(handed.status).toBe(200)
  expect(handed.headers.get('cache-control')).toBe('no-store')
  expect(handed.body.address).toBe(address)
  expect(privateKeyToAddress(handed.body.privateKey)).toBe(address)
  // The Solana key comes with it, to be sealed in the same split.
  const seed = hexToBytes(`0x${handed.body.solana.seed}`)
  expect(handed.body.solana.address).toBe(solanaAddress)
  expect(solanaAddressOf(seed)).toBe(solanaAddress)

  const secret = joinSecret(hexToBytes(handed.body.privateKey), seed)
  const [device, server] = await split(secret, 3, 2)
  if (!device || !server) throw new TypeError('no shares')
  const upgrade = { projectId: 'sealed', address, serverShare: encodeBase64(server), recoveryShare }
  // Shares without the Solana key, or of another Solana account: refused, nothing written.
  const [evmOnly] = await split(hexToBytes(handed.body.privateKey), 3, 2)
  for (const body of [
    { ...upgrade, serverShare: encodeBase64(evmOnly as Uint8Array), solanaAddress },
    { ...upgrade, solanaAddress: solanaAddressOf(new Uint8Array(32).fill(5)) },
  ]) {
    const refused = await t.post('/v1/sealed-wallet/upgrade', body, credential)
    expect(refused.status).toBe(400)
    expect(await t.server.context.storage.sealedWallets.findShares(userId)).toBeUndefined()
  }
  const done = await t.post('/v1/sealed-wallet/upgrade', { ...upgrade, solanaAddress }, credential)
  expect(done).toMatchObject({ status: 200, body: { address, version: 1 } })

  // The same addresses, now sealed: no whole key stored, and the shares rebuild both.
  const wallet = await t.server.context.storage.wallets.findByUserId(userId)
  expect(wallet).toMatchObject({ address, custody: 'sealed', encryptedKey: '' })
  expect(await t.server.context.storage.solanaWallets.findByUserId(userId)).toMatchObject({
    address: solanaAddress,
    encryptedKey: '',
  })
  const released = await releaseShares(t.server.context, userId)
  expect(released).toMatchObject({ address, version: 1, recoveryShare, solanaAddress })
  const key = await combine([device, decodeBase64(released.serverShare) as Uint8Array])
  expect(privateKeyToAddress(bytesToHex(key.slice(0, 32)))).toBe(address)
  expect(solanaAddressOf(key.slice(32))).toBe(solanaAddress)
  expect((await t.get('/v1/sealed-wallet?projectId=sealed', credential)).body).toEqual({
    custody: 'sealed',
    address,
    solanaAddress,
    recovery: true,
    version: 1,
  })
  // The server's Solana signing refuses it too.
  const solanaRequest = normalizeSolanaRequest({
    method: 'solana_signMessage',
    params: { message: 'Hi', pubkey: solanaAddress },
    account: solanaAddress,
    chain: undefined,
  }).request
  const solanaSigning = await t.post<{ error?: { message: string } }>(
    '/v1/solana/rpc',
    {
      method: 'solana_signMessage',
      request: solanaRequest,
      hash: hashCanonicalRequest(solanaRequest),
    },
    credential,
  )
  expect(solanaSigning.status).toBe(400)
  expect(solanaSigning.body.error?.message).toMatch(/sealed: the server cannot sign/)

  // The server's signing refuses it, and the key is not handed again.
  const request = normalizeApprovalRequest({
    method: 'personal_sign',
    params: ['0x6869', address],
    chainId: 1,
    account: address,
  })
  const signing = await t.post<{ error?: { message: string } }>(
    '/v1/rpc',
    { chainId: 1, method: 'personal_sign', request, hash: hashCanonicalRequest(request) },
    credential,
  )
  expect(signing.status).toBe(400)
  expect(signing.body.error?.message).toMatch(/sealed: the server cannot sign/)
  const again = await t.post<{ error?: { message: string } }>(
    '/v1/sealed-wallet/upgrade/key',
    { projectId: 'sealed' },
    credential,
  )
  expect(again.status).toBe(400)
  expect(again.body.error?.message).toMatch(/sealed already/)
})

test('error: a project that does not seal hands no key and takes no shares', async () => {
  const { credential, address, userId } = await serverWallet('stays@example.com')
  expect((await t.get('/v1/sealed-wallet?projectId=plain', credential)).body).toEqual({
    custody: 'server',
    address,
    mode: 'server',
  })
  const handed = await t.post<{ privateKey?: string; error?: { message: string } }>(
    '/v1/sealed-wallet/upgrade/key',
    { projectId: 'plain' },
    credential,
  )
  expect(handed.status).toBe(400)
  expect(handed.body.privateKey).toBeUndefined()
  expect(handed.body.error?.message).toMatch(/does not make sealed wallets/)
  const share = encodeBase64(new Uint8Array(33).fill(1))
  const taken = await t.post(
    '/v1/sealed-wallet/upgrade',
    { projectId: 'plain', address, serverShare: share, recoveryShare },
    credential,
  )
  expect(taken.status).toBe(400)
  expect(await t.server.context.storage.sealedWallets.findShares(userId)).toBeUndefined()
  expect((await t.server.context.storage.wallets.findByUserId(userId))?.encryptedKey).not.toBe('')
})

test('error: shares of another address, or without a device-bound session, change nothing', async () => {
  const { credential, address, solanaAddress, userId } = await serverWallet('other@example.com')
  const share = encodeBase64(new Uint8Array(65).fill(1))
  const wrong = await t.post<{ error?: { message: string } }>(
    '/v1/sealed-wallet/upgrade',
    {
      projectId: 'sealed',
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      solanaAddress,
      serverShare: share,
      recoveryShare,
    },
    credential,
  )
  expect(wrong.status).toBe(400)
  expect(wrong.body.error?.message).toMatch(/another address/)
  // The session's bare token, without its device key's proof.
  const bare = await t.request('/v1/sealed-wallet/upgrade/key', {
    method: 'POST',
    body: { projectId: 'sealed' },
    token: credential.token,
  })
  expect(bare.status).toBe(401)
  expect(bare.body).not.toHaveProperty('privateKey')
  const wallet = await t.server.context.storage.wallets.findByUserId(userId)
  expect(wallet?.address).toBe(address)
  expect(wallet?.custody ?? 'server').toBe('server')
  expect(wallet?.encryptedKey).not.toBe('')
  expect(await t.server.context.storage.sealedWallets.findShares(userId)).toBeUndefined()
})
