import { secp256k1 } from '@noble/curves/secp256k1'
import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, test } from 'vitest'
import { openRecoveryShare, sealRecoveryShare } from '../../frame/sealed/recoveryCipher'
import { decrypt } from '../../server/crypto/encryption'
import { deriveKeys, parseMasterKey } from '../../server/crypto/masterKey'
import { walletAccount } from '../../server/custody/wallets'
import { walletRow } from '../../server/storage/rows'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../../src/approval/normalizeApprovalRequest'
import { decodeBase64, encodeBase64 } from '../../src/utils/base64'
import { startTestServer, type TestCredential, type TestServer } from '../harness/startTestServer'
import { readEveryRow } from '../harness/testDatabase'

const servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

const message = 'operator test: sign me'
const password = 'correct horse battery staple'

/**
 * What an operator (or a thief with a backup and the master key) can do with the database, the
 * master key and the server's code: decrypt every value under every derived key with every AAD
 * the code uses, try every 32-byte value as a key and every pair of 33-byte values as Shamir
 * shares, and run the server's own signing code on every wallet row. Returns the signatures of
 * `message` that recover to `address`.
 */
async function operatorSignatures(server: TestServer, address: `0x${string}`) {
  const keys = deriveKeys(parseMasterKey(server.masterKey))
  const rows = await readEveryRow(server.databaseUrl)
  const texts = new Set<string>()
  for (const row of rows) {
    const userId = String(row.user_id ?? row.id ?? '')
    const owner = rows.find(
      (other) => other.user_id === userId && typeof other.address === 'string',
    )
    const rowAddress = String(row.address ?? owner?.address ?? '').toLowerCase()
    for (const value of Object.values(row)) {
      if (typeof value !== 'string') continue
      texts.add(value)
      for (const key of Object.values(keys))
        for (const aad of [
          `latchkey-wallet\n${userId}\n${rowAddress}`,
          `latchkey-server-share\n${userId}\n${rowAddress}`,
          `latchkey-solana-wallet\n${userId}\n${rowAddress}`,
        ])
          try {
            texts.add(decrypt(key, value, aad))
          } catch {}
    }
  }
  const candidates: Uint8Array[] = []
  for (const text of texts) {
    const hex = /^(0x)?[0-9a-fA-F]+$/.test(text)
      ? Buffer.from(text.replace(/^0x/, ''), 'hex')
      : undefined
    for (const bytes of [hex, decodeBase64(text), Buffer.from(text, 'base64url')])
      if (bytes && (bytes.length === 32 || bytes.length === 33))
        candidates.push(new Uint8Array(bytes))
  }
  const keysToTry = candidates.filter((bytes) => bytes.length === 32)
  const shares = candidates.filter((bytes) => bytes.length === 33)
  for (const [index, first] of shares.entries())
    for (const second of shares.slice(index + 1))
      try {
        keysToTry.push(await combine([first, second]))
      } catch {}
  const signatures: `0x${string}`[] = []
  const collect = async (sign: () => Promise<`0x${string}`>) => {
    try {
      const signature = await sign()
      if (await verifyMessage({ address, message, signature })) signatures.push(signature)
    } catch {}
  }
  for (const key of keysToTry)
    if (secp256k1.utils.isValidPrivateKey(key))
      await collect(() => privateKeyToAccount(bytesToHex(key)).signMessage({ message }))
  // The server's own code, on every wallet row.
  for (const row of rows.filter((row) => row.__table === 'wallets')) {
    const wallet = walletRow.parse(row)
    await collect(() => walletAccount({ keys }, wallet).signMessage({ message }))
  }
  return { signatures, candidates: candidates.length, keysTried: keysToTry.length }
}

/** A personal_sign the frame approved, sent to the server's signing endpoint. */
async function askServerToSign(server: TestServer, credential: TestCredential, address: string) {
  const request = normalizeApprovalRequest({
    method: 'personal_sign',
    params: [bytesToHex(new TextEncoder().encode(message)), address],
    chainId: 1,
    account: address,
  })
  return server.post<{ result?: string; error?: { message: string } }>(
    '/v1/rpc',
    { chainId: 1, method: 'personal_sign', request, hash: hashCanonicalRequest(request) },
    credential,
  )
}

/** Logs in as the frame of `projectId` does (the project's custody mode makes the user). */
async function loginTo(
  server: TestServer,
  email: string,
  projectId: string,
  deviceId = 'device-bbbbbbbbbbbbbbbb',
) {
  const after = server.sink.mails.length
  await server.post('/v1/connect-email', { email, deviceId })
  const otp = await server.sink.waitForCode(email, { after })
  const key = await server.createDeviceKey()
  const answer = await server.post<{ token: string }>(
    '/v1/connect-otp',
    { email, deviceId, otp, projectId },
    key,
  )
  return { token: answer.body.token, key }
}

/** Makes a sealed wallet as the frame does (frame/sealed/createSealedCustody.ts), password set. */
async function createSealedWallet(server: TestServer, credential: TestCredential) {
  const key = secp256k1.utils.randomPrivateKey()
  const { address } = privateKeyToAccount(bytesToHex(key))
  const [device, serverShare, recovery] = await split(key, 3, 2)
  if (!device || !serverShare || !recovery) throw new TypeError('split')
  const answer = await server.post(
    '/v1/sealed-wallet',
    {
      projectId: 'sealed-project',
      address,
      serverShare: encodeBase64(serverShare),
      recoveryShare: await sealRecoveryShare(recovery, password, address),
    },
    credential,
  )
  expect(answer.status).toBe(200)
  return { address, device }
}

/**
 * Another device of the same visitor unlocks as the frame does: the recovery share with the
 * password, then a split of its own (its recovery share sealed with the password too). Returns
 * the new split's server share.
 */
async function enrolDevice(server: TestServer, deviceId: string, address: `0x${string}`) {
  const credential = await loginTo(server, 'sealed@example.test', 'sealed-project', deviceId)
  const released = await server.post<{
    serverShare: string
    recoveryShare: never
    version: number
  }>('/v1/sealed-wallet/shares', {}, credential)
  const recovery = await openRecoveryShare(released.body.recoveryShare, password, address)
  const key = await combine([
    recovery as Uint8Array,
    decodeBase64(released.body.serverShare) as Uint8Array,
  ])
  const [, serverShare, newRecovery] = await split(key, 3, 2)
  if (!serverShare || !newRecovery) throw new TypeError('split')
  const answer = await server.post(
    '/v1/sealed-wallet/rotate',
    {
      fromVersion: released.body.version,
      serverShare: encodeBase64(serverShare),
      recoveryShare: await sealRecoveryShare(newRecovery, password, address),
    },
    credential,
  )
  expect(answer.status).toBe(200)
  return serverShare
}

test('behavior: with the database, the master key and the code, no signature for a sealed wallet', async () => {
  const server = await startTestServer({ custody: { 'sealed-project': 'sealed' } })
  servers.push(server)
  const credential = await loginTo(server, 'sealed@example.test', 'sealed-project')
  // A sealed project's new user has no wallet until the frame makes one.
  expect((await server.get('/v1/sealed-wallet?projectId=sealed-project', credential)).body).toEqual(
    {
      custody: 'none',
      mode: 'sealed',
    },
  )
  const { address, device } = await createSealedWallet(server, credential)
  expect((await server.get<{ address: string }>('/v1/user', credential)).body.address).toBe(address)
  // Two more devices get splits of their own (per-device splits): the server now keeps three
  // server shares of the same key, each of another split.
  const serverShares = [await enrolDevice(server, 'device-cccccccccccccccc', address)]
  serverShares.push(await enrolDevice(server, 'device-dddddddddddddddd', address))
  const stored = await readEveryRow(server.databaseUrl)
  expect(stored.filter((row) => row.__table === 'wallet_device_shares')).toHaveLength(2)
  // Shares of different splits never combine: different polynomials through the same secret.
  const [one, two] = serverShares as [Uint8Array, Uint8Array]
  const mixed = await combine([one, two])
  expect(privateKeyToAccount(bytesToHex(mixed)).address).not.toBe(address)

  // The server's signing endpoint refuses.
  const refused = await askServerToSign(server, credential, address)
  expect(refused.status).toBe(400)
  expect(refused.body.error?.message).toMatch(/sealed: the server cannot sign/)

  const attempt = await operatorSignatures(server, address)
  // It had material to work with (the server share among it), and made no valid signature.
  expect(attempt.candidates).toBeGreaterThan(0)
  expect(attempt.signatures).toEqual([])

  // The visitor can: the server share with the device share, or with the recovery share and
  // the password (so the operator's failure is not the test's).
  const released = await server.post<{ serverShare: string; recoveryShare: never }>(
    '/v1/sealed-wallet/shares',
    {},
    credential,
  )
  const serverShare = decodeBase64(released.body.serverShare) as Uint8Array
  for (const other of [
    device,
    await openRecoveryShare(released.body.recoveryShare, password, address),
  ]) {
    const key = await combine([other as Uint8Array, serverShare])
    const signature = await privateKeyToAccount(bytesToHex(key)).signMessage({ message })
    expect(await verifyMessage({ address, message, signature })).toBe(true)
  }
  expect(await openRecoveryShare(released.body.recoveryShare, 'wrong password!', address)).toBe(
    undefined,
  )
})

test('behavior: the same procedure signs for a server wallet', async () => {
  const server = await startTestServer()
  servers.push(server)
  const credential = await server.login('custodial@example.test')
  const { address } = (await server.get<{ address: `0x${string}` }>('/v1/user', credential)).body
  const signed = await askServerToSign(server, credential, address)
  expect(
    await verifyMessage({ address, message, signature: signed.body.result as `0x${string}` }),
  ).toBe(true)

  const attempt = await operatorSignatures(server, address)
  expect(attempt.signatures.length).toBeGreaterThan(0)
})
