import { ed25519 } from '@noble/curves/ed25519'
import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, test } from 'vitest'
import { openRecoveryShare, sealRecoveryShare } from '../../frame/sealed/recoveryCipher'
import { newWalletSecret } from '../../frame/sealed/walletSecret'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../../src/approval/normalizeApprovalRequest'
import { normalizeSolanaRequest } from '../../src/approval/normalizeSolanaRequest'
import { decodeBase64, encodeBase64 } from '../../src/utils/base64'
import { decodeBase58 } from '../../src/utils/decodeBase58'
import { encodeBase58 } from '../../src/utils/encodeBase58'
import { sealedKeyProof } from '../harness/sealedKeyProof'
import { startTestServer, type TestCredential, type TestServer } from '../harness/startTestServer'
import { readEveryRow } from '../harness/testDatabase'
import { message, messageBytes, operatorSignatures } from './operatorAttempt'

const servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

const password = 'correct horse battery staple'

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

/**
 * Makes a sealed wallet as the frame does (frame/sealed/createSealedCustody.ts: the EVM key and
 * the Solana seed split as one secret), password set.
 */
async function createSealedWallet(server: TestServer, credential: TestCredential) {
  const { secret: key, address, solanaAddress } = newWalletSecret()
  const [device, serverShare, recovery] = await split(key, 3, 2)
  if (!device || !serverShare || !recovery) throw new TypeError('split')
  const answer = await server.post(
    '/v1/sealed-wallet',
    {
      projectId: 'sealed-project',
      address,
      solanaAddress,
      serverShare: encodeBase64(serverShare),
      recoveryShare: await sealRecoveryShare(recovery, password, address),
      keyProof: await sealedKeyProof(key, credential, 'create'),
    },
    credential,
  )
  expect(answer.status).toBe(200)
  return { address, solanaAddress, device }
}

/** A solana_signMessage the frame approved, sent to the server's Solana signing endpoint. */
async function askServerToSignSolana(
  server: TestServer,
  credential: TestCredential,
  account: string,
) {
  const { request } = normalizeSolanaRequest({
    method: 'solana_signMessage',
    params: { message: encodeBase58(messageBytes), pubkey: account },
    account,
    chain: undefined,
  })
  return server.post<{ result?: { signature: string }; error?: { message: string } }>(
    '/v1/solana/rpc',
    { method: 'solana_signMessage', request, hash: hashCanonicalRequest(request) },
    credential,
  )
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
  const { address, solanaAddress, device } = await createSealedWallet(server, credential)
  const user = await server.get<{ address: string; solana: { address: string } }>(
    '/v1/user',
    credential,
  )
  expect(user.body.address).toBe(address)
  // The Solana account is the sealed one, not a key the server made.
  expect(user.body.solana.address).toBe(solanaAddress)
  // Two more devices get splits of their own (per-device splits): the server now keeps three
  // server shares of the same secret, each of another split.
  const serverShares = [await enrolDevice(server, 'device-cccccccccccccccc', address)]
  serverShares.push(await enrolDevice(server, 'device-dddddddddddddddd', address))
  const stored = await readEveryRow(server.databaseUrl)
  expect(stored.filter((row) => row.__table === 'wallet_device_shares')).toHaveLength(2)
  // Shares of different splits never combine: different polynomials through the same secret.
  const [one, two] = serverShares as [Uint8Array, Uint8Array]
  const mixed = await combine([one, two])
  expect(privateKeyToAccount(bytesToHex(mixed.slice(0, 32))).address).not.toBe(address)

  // The server's signing endpoints refuse, EVM and Solana.
  const refused = await askServerToSign(server, credential, address)
  expect(refused.status).toBe(400)
  expect(refused.body.error?.message).toMatch(/sealed: the server cannot sign/)
  const refusedSolana = await askServerToSignSolana(server, credential, solanaAddress)
  expect(refusedSolana.status).toBe(400)
  expect(refusedSolana.body.error?.message).toMatch(/sealed: the server cannot sign/)

  const attempt = await operatorSignatures(server, address, solanaAddress)
  // It had material to work with (the server share among it), and made no valid signature.
  expect(attempt.candidates).toBeGreaterThan(0)
  expect(attempt.signatures).toEqual([])
  expect(attempt.solanaSignatures).toEqual([])

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
    const signature = await privateKeyToAccount(bytesToHex(key.slice(0, 32))).signMessage({
      message,
    })
    expect(await verifyMessage({ address, message, signature })).toBe(true)
    const solanaSignature = ed25519.sign(messageBytes, key.slice(32))
    expect(
      ed25519.verify(solanaSignature, messageBytes, decodeBase58(solanaAddress) as Uint8Array),
    ).toBe(true)
  }
  expect(await openRecoveryShare(released.body.recoveryShare, 'wrong password!', address)).toBe(
    undefined,
  )
})

test('behavior: the same procedure signs for a server wallet', async () => {
  const server = await startTestServer()
  servers.push(server)
  const credential = await server.login('custodial@example.test')
  const user = await server.get<{ address: `0x${string}`; solana: { address: string } }>(
    '/v1/user',
    credential,
  )
  const { address } = user.body
  const solanaAddress = user.body.solana.address
  const signed = await askServerToSign(server, credential, address)
  expect(
    await verifyMessage({ address, message, signature: signed.body.result as `0x${string}` }),
  ).toBe(true)
  const signedSolana = await askServerToSignSolana(server, credential, solanaAddress)
  expect(signedSolana.status).toBe(200)

  const attempt = await operatorSignatures(server, address, solanaAddress)
  expect(attempt.signatures.length).toBeGreaterThan(0)
  expect(attempt.solanaSignatures.length).toBeGreaterThan(0)
})
