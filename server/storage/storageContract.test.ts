import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { storageBackends } from '../../test/harness/storageBackends'
import type { ChainTransferRecord } from './chainIndexTypes'
import type { Storage } from './storage'
import type { SocialIdentityRecord, UserRecord, WalletRecord } from './types'

// The parts of the Storage interface the other storage files do not cover, on both databases:
// what a caller gets back from each, and the one-winner rules.
const backends = storageBackends()

const user: UserRecord = { id: 'u1', email: 'a@example.test', createdAt: 1 }
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as const
const wallet: WalletRecord = {
  userId: 'u1',
  address: address(0xaa),
  encryptedKey: 'k',
  createdAt: 1,
}
const identity: SocialIdentityRecord = {
  provider: 'google',
  subject: 's1',
  userId: 'u2',
  email: 'b@example.test',
  emailVerified: true,
  username: null,
  createdAt: 5,
  updatedAt: 5,
}
const transfer = (block: number, index: number, log: number): ChainTransferRecord => ({
  chainId: 1,
  txHash: `0x${(block * 100 + index).toString(16).padStart(64, '0')}`,
  logIndex: log,
  blockNumber: block,
  txIndex: index,
  timestamp: block * 1000,
  kind: 'native',
  contract: null,
  from: address(1),
  to: address(2),
  value: '1000000000000000000000',
  tokenId: null,
})

describe.each(backends)('$name', (backend) => {
  let storage: Storage
  beforeEach(async () => {
    storage = await backend.open()
  })
  afterEach(async () => {
    await storage.close()
  })

  test('behavior: of concurrent first logins of one email, one user and one wallet remain', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        storage.users.createWithWallet(
          { ...user, id: `u${i}` },
          { ...wallet, userId: `u${i}`, address: address(0x100 + i) },
        ),
      ),
    )
    expect(results.filter(Boolean)).toHaveLength(1)
    const winner = await storage.users.findByEmail('a@example.test')
    expect(await storage.wallets.findByUserId(winner?.id ?? '')).toBeDefined()
    const wallets = await Promise.all(results.map((_, i) => storage.wallets.findByUserId(`u${i}`)))
    expect(wallets.filter(Boolean)).toHaveLength(1)
    expect(await storage.users.create({ ...user, id: 'other' })).toBe(false)
  })

  test('behavior: sealed wallets, shares replaced once per version, Solana keys stored once', async () => {
    await storage.users.create(user)
    const shares = { userId: 'u1', serverShare: 's', recoveryShare: null, version: 1, updatedAt: 1 }
    expect(await storage.sealedWallets.create(wallet, shares)).toBe(true)
    expect(await storage.sealedWallets.create(wallet, shares)).toBe(false)
    expect(await storage.wallets.findByUserId('u1')).toEqual({
      ...wallet,
      encryptedKey: '',
      custody: 'sealed',
    })
    const rotations = await Promise.all(
      ['a', 'b', 'c'].map((share) =>
        storage.sealedWallets.replaceShares({ ...shares, serverShare: share, version: 2 }, 1),
      ),
    )
    expect(rotations.filter(Boolean)).toHaveLength(1)
    expect((await storage.sealedWallets.findShares('u1'))?.version).toBe(2)
    const solana = (key: string) => ({
      userId: 'u1',
      address: `${key}${'1'.repeat(43)}`,
      encryptedKey: key,
      createdAt: 1,
    })
    const stored = await Promise.all(
      ['A', 'B', 'C'].map((key) => storage.solanaWallets.insertOnce(solana(key))),
    )
    expect(new Set(stored.map((each) => each.address)).size).toBe(1)
    expect(await storage.solanaWallets.findByUserId('u1')).toEqual(stored[0])
  })

  test('behavior: a server wallet is upgraded to sealed once, and only at its own address', async () => {
    expect(await storage.users.createWithWallet(user, wallet)).toBe(true)
    const shares = { userId: 'u1', serverShare: 's', recoveryShare: 'r', version: 1, updatedAt: 2 }
    expect(await storage.sealedWallets.upgrade(address(0xbb), shares)).toBe(false)
    expect(await storage.sealedWallets.findShares('u1')).toBeUndefined()
    expect((await storage.wallets.findByUserId('u1'))?.encryptedKey).toBe('k')
    // Concurrent upgrades (two tabs): one stores its shares, the whole key is gone.
    const upgrades = await Promise.all(
      ['a', 'b', 'c'].map((share) =>
        storage.sealedWallets.upgrade(wallet.address.toUpperCase().replace('0X', '0x'), {
          ...shares,
          serverShare: share,
        }),
      ),
    )
    expect(upgrades.filter(Boolean)).toHaveLength(1)
    expect(await storage.wallets.findByUserId('u1')).toEqual({
      ...wallet,
      encryptedKey: '',
      custody: 'sealed',
    })
    const stored = await storage.sealedWallets.findShares('u1')
    expect(stored).toMatchObject({ version: 1, recoveryShare: 'r' })
    expect(['a', 'b', 'c']).toContain(stored?.serverShare)
  })

  test('behavior: passkeys: one per credential id, counters moved by one of two sign-ins, challenges answered once', async () => {
    await storage.users.create(user)
    const passkey = {
      credentialId: 'cred-1',
      userId: 'u1',
      publicKey: 'pk',
      counter: 4_000_000_000,
      transports: ['internal', 'hybrid'],
      prf: true,
      backedUp: false,
      createdAt: 3,
      usedAt: null,
    }
    expect(await storage.passkeys.create(passkey)).toBe(true)
    expect(await storage.passkeys.create({ ...passkey, userId: 'u1' })).toBe(false)
    expect(await storage.passkeys.find('cred-1')).toEqual(passkey)
    const moves = await Promise.all(
      [4_000_000_001, 4_000_000_002].map((counter) =>
        storage.passkeys.use('cred-1', 4_000_000_000, counter, 9),
      ),
    )
    expect(moves.filter(Boolean)).toHaveLength(1)
    expect((await storage.passkeys.findByUser('u1')).map((each) => each.usedAt)).toEqual([9])
    const challenge = {
      challengeHash: 'h1',
      purpose: 'login' as const,
      userId: null,
      thumbprint: 't1',
      createdAt: 10,
      expiresAt: 100,
    }
    await storage.webauthnChallenges.create(challenge)
    const answers = await Promise.all(
      [1, 2, 3].map(() => storage.webauthnChallenges.consume('h1', 'login', 't1', 50)),
    )
    expect(answers.filter(Boolean)).toEqual([challenge])
    // Another device key or step burns it too; an expired one is pruned.
    await storage.webauthnChallenges.create({ ...challenge, challengeHash: 'h2' })
    expect(await storage.webauthnChallenges.consume('h2', 'register', 't1', 50)).toBeUndefined()
    expect(await storage.webauthnChallenges.consume('h2', 'login', 't1', 50)).toBeUndefined()
    await storage.webauthnChallenges.create({ ...challenge, challengeHash: 'h3' })
    await storage.prune(200)
    expect(await storage.webauthnChallenges.consume('h3', 'login', 't1', 50)).toBeUndefined()
  })

  test('default: sessions with device keys, revocation, devices, proofs, calls and sends', async () => {
    await storage.users.createWithWallet(user, wallet)
    const session = {
      id: 's1',
      userId: 'u1',
      deviceId: 'd',
      tokenHash: 't1',
      createdAt: 1,
      expiresAt: 99,
    }
    const key = { sessionId: 's1', thumbprint: 'th', jwk: '{}', createdAt: 1 }
    await storage.sessionKeys.createSession(session, key)
    await storage.sessions.create({ ...session, id: 's2', tokenHash: 't2' })
    await storage.sessions.create({ ...session, id: 's3', tokenHash: 't3' })
    expect(await storage.sessions.findByTokenHash('t1')).toEqual(session)
    expect(await storage.sessionKeys.find('s1')).toEqual(key)
    expect(await storage.sessions.deleteByUser('u1', 's2')).toBe(2)
    expect(await storage.sessions.findByTokenHash('t2')).toBeDefined()
    expect(await storage.sessionKeys.find('s1')).toBeUndefined()
    await storage.devices.upsertVerified({ userId: 'u1', deviceId: 'd', verifiedAt: 1 })
    await storage.devices.upsertVerified({ userId: 'u1', deviceId: 'd', verifiedAt: 7 })
    expect(await storage.devices.find('u1', 'd')).toEqual({
      userId: 'u1',
      deviceId: 'd',
      verifiedAt: 7,
    })
    const uses = await Promise.all(Array.from({ length: 5 }, () => storage.proofIds.use('j', 10)))
    expect(uses.filter(Boolean)).toHaveLength(1)
    await storage.proofIds.prune(10)
    expect(await storage.proofIds.use('j', 20)).toBe(true)
    const calls = {
      id: 'c',
      userId: 'u1',
      chainId: 1,
      hashes: [transfer(1, 0, -1).txHash],
      failed: true,
      createdAt: 1,
    }
    await storage.calls.create(calls)
    expect(await storage.calls.find('c', 'u1')).toEqual(calls)
    expect(await storage.calls.find('c', 'u2')).toBeUndefined()
    const send = {
      hash: calls.hashes[0] as `0x${string}`,
      userId: 'u1',
      chainId: 1,
      address: wallet.address,
      nonce: 3,
      status: 'sending' as const,
      createdAt: 1,
      updatedAt: 1,
    }
    await storage.sends.create(send)
    await storage.sends.setStatus(send.hash, 'sent', 2)
    expect(await storage.sends.find(send.hash)).toEqual({ ...send, status: 'sent', updatedAt: 2 })
  })

  test('behavior: a social login makes one user; its flow is answered and used once', async () => {
    const made = await Promise.all(
      ['u2', 'u3', 'u4'].map((id) =>
        storage.socialIdentities.createWithUser(
          { id, email: null, createdAt: 5 },
          { ...wallet, userId: id, address: address(id.charCodeAt(1)) },
          { ...identity, userId: id },
        ),
      ),
    )
    expect(made.filter(Boolean)).toHaveLength(1)
    const found = await storage.socialIdentities.find('google', 's1')
    expect(await storage.users.findById(found?.userId ?? '')).toEqual({
      id: found?.userId,
      email: null,
      createdAt: 5,
    })
    await storage.socialIdentities.update({
      ...identity,
      userId: found?.userId ?? '',
      username: 'b',
      updatedAt: 6,
    })
    expect(await storage.socialIdentities.findByUser(found?.userId ?? '')).toEqual([
      { ...identity, userId: found?.userId, username: 'b', updatedAt: 6 },
    ])
    const flow = {
      id: 'f',
      stateHash: 'sh',
      provider: 'google',
      deviceId: 'd',
      thumbprint: 'th',
      codeVerifier: 'v',
      nonce: 'n',
      mode: 'popup' as const,
      origin: 'https://dapp.test',
      returnUrl: null,
      secretHash: null,
      linkUserId: null,
      resultHash: null,
      code: null,
      error: null,
      createdAt: 1,
      expiresAt: 100,
      returnedAt: null,
      consumedAt: null,
    }
    await storage.socialFlows.create(flow)
    const answer = { resultHash: 'rh', code: 'code', error: null }
    const answered = await Promise.all(
      [1, 2, 3].map(() => storage.socialFlows.answer('sh', answer, 10)),
    )
    expect(answered.filter(Boolean)).toEqual([{ ...flow, ...answer, returnedAt: 10 }])
    expect((await storage.socialFlows.findByResult('rh'))?.id).toBe('f')
    const used = await Promise.all([1, 2, 3].map(() => storage.socialFlows.consume('f', 11)))
    expect(used.filter(Boolean)).toHaveLength(1)
    expect((await storage.socialFlows.findByResult('rh'))?.code).toBeNull()
  })

  test('behavior: linked logins: a provider linked once; an unlink or an email removal never leaves a user without a way in, even two at once', async () => {
    const user = { id: 'lu', email: 'link@example.test', createdAt: 1 }
    expect(await storage.users.create(user)).toBe(true)
    // only the email: it cannot go
    expect(await storage.users.removeEmail('lu')).toBe(false)
    const google = { ...identity, subject: 'g-link', userId: 'lu' }
    expect(await storage.socialIdentities.link(google)).toBe(true)
    expect(await storage.socialIdentities.link({ ...google, userId: 'other' })).toBe(false)
    const github = { ...google, provider: 'github', subject: '42', createdAt: 7 }
    expect(await storage.socialIdentities.link(github)).toBe(true)
    // the email goes (two identities remain); it is null again, as for a social login's user
    expect(await storage.users.removeEmail('lu')).toBe(true)
    expect((await storage.users.findById('lu'))?.email).toBeNull()
    // two unlinks of the last two at once: one wins, one way in remains
    const unlinked = await Promise.all(
      ['google', 'github'].map((provider) =>
        storage.locks.run('logins:lu', () => storage.socialIdentities.unlink('lu', provider)),
      ),
    )
    expect(unlinked.filter(Boolean)).toHaveLength(1)
    expect(await storage.socialIdentities.findByUser('lu')).toHaveLength(1)
    // the email back, then the last identity may go
    expect(await storage.users.updateEmail('lu', 'link@example.test')).toBe(true)
    const [left] = await storage.socialIdentities.findByUser('lu')
    expect(await storage.socialIdentities.unlink('lu', left?.provider ?? '')).toBe(true)
    expect(await storage.socialIdentities.findByUser('lu')).toEqual([])
  })

  test('behavior: chain index commits once, never rewinds, pages history, tracks NFTs', async () => {
    expect(await storage.chainIndex.cursor(1)).toBeUndefined()
    const transfers = [
      transfer(5, 0, -1),
      transfer(5, 1, -1),
      transfer(6, 0, -1),
      transfer(6, 0, 2),
    ]
    await storage.chainIndex.commit(1, 7, transfers, 1)
    await storage.chainIndex.commit(1, 6, transfers.slice(0, 1), 2)
    expect(await storage.chainIndex.cursor(1)).toBe(7)
    const first = await storage.chainIndex.history(1, address(2), 1)
    expect(first).toEqual([transfers[2], transfers[3]])
    expect(
      await storage.chainIndex.history(1, address(1), 5, { blockNumber: 6, txIndex: 0 }),
    ).toEqual([transfers[1], transfers[0]])
    const nft = (block: number, to: number): ChainTransferRecord => ({
      ...transfer(block, 3, 1),
      kind: 'erc721',
      contract: address(9),
      to: address(to),
      value: '1',
      tokenId: '7',
    })
    await storage.chainIndex.commit(1, 10, [nft(8, 2), nft(9, 4)], 3)
    expect(await storage.chainIndex.nftsOwned(1, address(2))).toEqual([])
    expect(await storage.chainIndex.nftsOwned(1, address(4))).toEqual([
      { contract: address(9), tokenId: '7', blockNumber: 9 },
    ])
  })
})
