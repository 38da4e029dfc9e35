import { privateKeyToAddress } from 'viem/accounts'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'
import { databaseBytes } from '../../test/harness/testDatabase'
import { decrypt } from '../crypto/encryption'
import { deriveKeys, parseMasterKey } from '../crypto/masterKey'

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(async () => {
  await t.close()
})

async function storedWallet(server: TestServer) {
  const rows = await server.query('SELECT user_id, address, encrypted_key FROM wallets')
  return rows[0] as unknown as { user_id: string; address: `0x${string}`; encrypted_key: string }
}

const aad = (wallet: { user_id: string; address: string }) =>
  `latchkey-wallet\n${wallet.user_id}\n${wallet.address.toLowerCase()}`

test('default: the private key is encrypted at rest and only the master key opens it', async () => {
  const token = await t.login('custody@example.test')
  const { address } = (await t.get<{ address: `0x${string}` }>('/v1/user', token)).body
  const wallet = await storedWallet(t)
  expect(wallet.address).toBe(address)
  expect(wallet.encrypted_key).toMatch(/^v1\.[A-Za-z0-9_-]+$/)

  const privateKey = decrypt(
    deriveKeys(parseMasterKey(t.masterKey)).wallet,
    wallet.encrypted_key,
    aad(wallet),
  ) as `0x${string}`
  expect(privateKeyToAddress(privateKey)).toBe(address)

  const bytes = await databaseBytes(t.databaseUrl)
  // What is stored in clear is found (so what is not found is not there).
  expect(bytes.includes(Buffer.from('custody@example.test'))).toBe(true)
  expect(bytes.includes(Buffer.from(wallet.encrypted_key))).toBe(true)
  const hex = privateKey.slice(2)
  expect(bytes.includes(Buffer.from(hex.toLowerCase()))).toBe(false)
  expect(bytes.includes(Buffer.from(hex.toUpperCase()))).toBe(false)
  expect(bytes.includes(Buffer.from(hex, 'hex'))).toBe(false)
  expect(bytes.includes(Buffer.from(Buffer.from(hex, 'hex').toString('base64')))).toBe(false)

  const otherKey = deriveKeys(parseMasterKey('11'.repeat(32))).wallet
  expect(() => decrypt(otherKey, wallet.encrypted_key, aad(wallet))).toThrow(
    'Could not decrypt a value stored at rest',
  )
  // The ciphertext is bound to its row: moved to another user, it does not open.
  const moved = { ...wallet, user_id: 'someone-else' }
  expect(() =>
    decrypt(deriveKeys(parseMasterKey(t.masterKey)).wallet, wallet.encrypted_key, aad(moved)),
  ).toThrow('Could not decrypt a value stored at rest')
})

test('behavior: codes and session tokens are not stored in clear', async () => {
  const after = t.sink.mails.length
  await t.post('/v1/connect-email', {
    email: 'clear@example.test',
    deviceId: 'device-aaaaaaaaaaaaaaaa',
  })
  const otp = await t.sink.waitForCode('clear@example.test', { after })
  const { body } = await t.post<{ token: string }>('/v1/connect-otp', {
    email: 'clear@example.test',
    deviceId: 'device-aaaaaaaaaaaaaaaa',
    otp,
  })
  const bytes = await databaseBytes(t.databaseUrl)
  expect(bytes.includes(Buffer.from(body.token))).toBe(false)
  const rows = await t.query('SELECT code_hash FROM otps')
  for (const row of rows) expect(String(row.code_hash)).toMatch(/^[0-9a-f]{64}$/)
})
