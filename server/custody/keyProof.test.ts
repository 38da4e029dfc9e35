import { ed25519 } from '@noble/curves/ed25519'
import { split } from 'shamir-secret-sharing'
import { concat, hexToBytes } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { encodeBase64 } from '../../src/utils/base64'
import { encodeBase58 } from '../../src/utils/encodeBase58'
import { sealedKeyProof } from '../../test/harness/sealedKeyProof'
import {
  startTestServer,
  type TestCredential,
  type TestServer,
} from '../../test/harness/startTestServer'

// Proof of possession (docs/security.md "Sealed wallets", server/custody/keyProof.ts): a session
// cannot name another person's EVM or Solana address as its sealed wallet, made or imported,
// without their keys' signatures for this session and this purpose. Nothing is stored before.

let t: TestServer
beforeAll(async () => {
  t = await startTestServer({ custody: { '*': 'sealed' } })
})
afterAll(async () => {
  await t?.close()
})

type Answer = { address?: string; error?: Record<string, string> }

/** A person's wallet keys (EVM key ‖ Solana seed) and a server share of them, as the frame makes. */
async function wallet() {
  const seed = ed25519.utils.randomPrivateKey()
  const evmKey = generatePrivateKey()
  const secret = concat([hexToBytes(evmKey), seed])
  const [, server] = await split(secret, 3, 2)
  return {
    secret,
    address: privateKeyToAddress(evmKey),
    solanaAddress: encodeBase58(ed25519.getPublicKey(seed)),
    serverShare: encodeBase64(server as Uint8Array),
  }
}

/** A signed-in user of the sealed project, without a wallet yet. */
async function user(email: string) {
  const credential = await t.login(email)
  const found = await t.server.context.storage.users.findByEmail(email)
  if (!found) throw new TypeError('no user')
  return { credential, id: found.id }
}

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

/** The body that names `keys`' addresses, for `POST /v1/sealed-wallet` or its import. */
function body(route: 'create' | 'import', keys: Awaited<ReturnType<typeof wallet>>) {
  const named = { address: keys.address, solanaAddress: keys.solanaAddress }
  const shares = { serverShare: keys.serverShare }
  return route === 'create'
    ? { projectId: 'sealed', ...named, ...shares, recoveryShare: null }
    : { projectId: 'sealed', ...named, ...shares, recoveryShare, replace: null }
}

const path = { create: '/v1/sealed-wallet', import: '/v1/sealed-wallet/import' } as const

/**
 * Every way of naming `victim`'s addresses without their keys' proof for this session and
 * purpose, by `attacker`: each is a 400 `InvalidRequestError` and leaves nothing stored.
 */
async function refusals(route: 'create' | 'import', tag: string) {
  const victim = { keys: await wallet(), ...(await user(`victim-${tag}@example.test`)) }
  const attacker = { keys: await wallet(), ...(await user(`attacker-${tag}@example.test`)) }
  const other = route === 'create' ? 'import' : 'create'
  const claim = body(route, victim.keys)
  const victimAddresses = { address: victim.keys.address, solanaAddress: victim.keys.solanaAddress }
  const proofs = {
    none: undefined,
    // The attacker's own keys, signing for the victim's addresses.
    'the attacker’s keys': await sealedKeyProof(
      attacker.keys.secret,
      attacker.credential,
      route,
      victimAddresses,
    ),
    // The victim's real proof, seen once (its session), replayed by another user.
    'another user’s session': await sealedKeyProof(victim.keys.secret, victim.credential, route),
    // The victim's keys for this very session, but made for the other request.
    'another purpose': await sealedKeyProof(victim.keys.secret, attacker.credential, other),
    // The EVM key's right signature with the attacker's Solana seed, or none for Solana.
    'another Solana key': {
      evm: (await sealedKeyProof(victim.keys.secret, attacker.credential, route)).evm,
      solana: (
        await sealedKeyProof(attacker.keys.secret, attacker.credential, route, victimAddresses)
      ).solana,
    },
    'no Solana signature': {
      evm: (await sealedKeyProof(victim.keys.secret, attacker.credential, route)).evm,
    },
  }
  for (const [name, keyProof] of Object.entries(proofs)) {
    const answer = await t.post<Answer>(
      path[route],
      keyProof ? { ...claim, keyProof } : claim,
      attacker.credential,
    )
    expect({ name, status: answer.status, error: answer.body.error?.name }).toEqual({
      name,
      status: 400,
      error: 'InvalidRequestError',
    })
    expect(answer.body.error?.message).toMatch(/keyProof/)
  }
  for (const id of [attacker.id, victim.id]) {
    expect(await t.server.context.storage.wallets.findByUserId(id)).toBeUndefined()
    expect(await t.server.context.storage.solanaWallets.findByUserId(id)).toBeUndefined()
  }
  return { victim, attacker }
}

/** Posts `keys`' addresses with their right proof for `who`'s session. */
async function claimOwn(
  route: 'create' | 'import',
  who: { credential: TestCredential },
  keys: Awaited<ReturnType<typeof wallet>>,
) {
  const keyProof = await sealedKeyProof(keys.secret, who.credential, route)
  return t.post<Answer>(path[route], { ...body(route, keys), keyProof }, who.credential)
}

test('error: a new sealed wallet naming another person’s addresses without their keys’ proof for this session and purpose is refused, nothing stored; the right proofs store it as before', async () => {
  const { victim, attacker } = await refusals('create', 'create')
  // The owner of the addresses still makes their wallet with them; the attacker, their own.
  for (const who of [victim, attacker]) {
    const answer = await claimOwn('create', who, who.keys)
    expect(answer).toMatchObject({ status: 200, body: { address: who.keys.address } })
    expect(await t.server.context.storage.solanaWallets.findByUserId(who.id)).toMatchObject({
      address: who.keys.solanaAddress,
      encryptedKey: '',
    })
  }
})

test('error: an import naming another person’s addresses without their keys’ proof for this session and purpose is refused, nothing stored; the right proofs import it; the same keys proven in a second account are TAKEN', async () => {
  const { victim } = await refusals('import', 'import')
  expect(await claimOwn('import', victim, victim.keys)).toMatchObject({
    status: 200,
    body: { address: victim.keys.address },
  })
  expect((await t.server.context.storage.wallets.findByUserId(victim.id))?.address).toBe(
    victim.keys.address,
  )
  // The holder of the keys, in a second account of theirs: proven, but one account has them.
  const second = await user('victim-second@example.test')
  const taken = await claimOwn('import', second, victim.keys)
  expect(taken).toMatchObject({
    status: 409,
    body: { error: { name: 'WalletImportError', reason: 'TAKEN' } },
  })
})

test('error: a Solana signature without a Solana address is refused; an EVM key alone (a wallet sealed before Solana) needs only its signature', async () => {
  const keys = await wallet()
  const who = await user('evm-only@example.test')
  const evmOnly = keys.secret.slice(0, 32)
  const [, server] = await split(evmOnly, 3, 2)
  const claim = {
    projectId: 'sealed',
    address: keys.address,
    serverShare: encodeBase64(server as Uint8Array),
    recoveryShare: null,
  }
  const keyProof = await sealedKeyProof(evmOnly, who.credential, 'create')
  const stray = { ...keyProof, solana: encodeBase64(new Uint8Array(64).fill(1)) }
  const refused = await t.post<Answer>(
    '/v1/sealed-wallet',
    { ...claim, keyProof: stray },
    who.credential,
  )
  expect(refused.status).toBe(400)
  expect(
    await t.post<Answer>('/v1/sealed-wallet', { ...claim, keyProof }, who.credential),
  ).toMatchObject({ status: 200, body: { address: keys.address } })
})
