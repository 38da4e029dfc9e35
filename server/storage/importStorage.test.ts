import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createSolanaSigner } from '../../test/harness/solanaSigner'
import { storageBackends } from '../../test/harness/storageBackends'
import type { Storage } from './storage'
import type { SealedSharesRecord, UserRecord, WalletRecord } from './types'

// An imported key replacing the user's wallet (sealedWallets.importKey) and a passkey removed
// (passkeys.delete), on both databases: what a caller gets back, and the one-winner rules.
const backends = storageBackends()

const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as `0x${string}`
const user: UserRecord = { id: 'u1', email: 'a@example.test', createdAt: 1 }
const serverWallet: WalletRecord = {
  userId: 'u1',
  address: address(0xaa),
  encryptedKey: 'k',
  createdAt: 1,
}
const imported = (n: number): WalletRecord => ({
  userId: 'u1',
  address: address(n),
  encryptedKey: '',
  createdAt: 5,
  custody: 'sealed',
})
const shares = (serverShare: string, version = 1): SealedSharesRecord => ({
  userId: 'u1',
  serverShare,
  recoveryShare: 'r',
  version,
  updatedAt: 5,
})

describe.each(backends)('$name', (backend) => {
  let storage: Storage
  beforeEach(async () => {
    storage = await backend.open()
  })
  afterEach(async () => {
    await storage.close()
  })

  test('behavior: an import into an account without a wallet stores it once; an address another account has is refused', async () => {
    await storage.users.create(user)
    await storage.users.create({ id: 'u2', email: 'b@example.test', createdAt: 1 })
    const firsts = await Promise.all(
      ['a', 'b', 'c'].map((share, i) =>
        storage.sealedWallets.importKey(imported(0xb0 + i), shares(share), null),
      ),
    )
    expect(firsts.filter((result) => result === 'stored')).toHaveLength(1)
    expect(firsts.filter((result) => result === 'changed')).toHaveLength(2)
    const kept = await storage.wallets.findByUserId('u1')
    expect(kept?.custody).toBe('sealed')
    // u2 imports the key u1 has: refused, u2 still has no wallet.
    expect(
      await storage.sealedWallets.importKey(
        { ...imported(0), address: kept?.address ?? '0x', userId: 'u2' },
        { ...shares('z'), userId: 'u2' },
        null,
      ),
    ).toBe('taken')
    expect(await storage.wallets.findByUserId('u2')).toBeUndefined()
  })

  test('behavior: an import replaces the wallet it names (whole key or shares) in one transaction, once; another address is refused and nothing changes', async () => {
    expect(await storage.users.createWithWallet(user, serverWallet)).toBe(true)
    // Named against another address: nothing written, the server wallet keeps its key.
    expect(await storage.sealedWallets.importKey(imported(0xcc), shares('x'), address(0xbb))).toBe(
      'changed',
    )
    expect(await storage.wallets.findByUserId('u1')).toEqual(serverWallet)
    expect(await storage.sealedWallets.findShares('u1')).toBeUndefined()
    // Two tabs replace it at once: one wins, the whole key is gone.
    const replaced = await Promise.all(
      ['a', 'b'].map((share, i) =>
        storage.sealedWallets.importKey(
          imported(0xd0 + i),
          shares(share),
          serverWallet.address.toUpperCase().replace('0X', '0x'),
        ),
      ),
    )
    expect(replaced.filter((result) => result === 'stored')).toHaveLength(1)
    const now = await storage.wallets.findByUserId('u1')
    expect(now).toMatchObject({ encryptedKey: '', custody: 'sealed', createdAt: 5 })
    expect([address(0xd0), address(0xd1)]).toContain(now?.address)
    // A sealed wallet replaced again (its own address re-imported): its shares are new.
    expect(
      await storage.sealedWallets.importKey(
        { ...imported(0), address: now?.address ?? '0x' },
        shares('again', 4),
        now?.address ?? '',
      ),
    ).toBe('stored')
    expect(await storage.sealedWallets.findShares('u1')).toEqual(shares('again', 4))
  })

  test('error: an import whose Solana account another account has is refused as taken; nothing changes', async () => {
    expect(await storage.users.createWithWallet(user, serverWallet)).toBe(true)
    await storage.users.create({ id: 'u2', email: 'b@example.test', createdAt: 1 })
    const [other, own] = [createSolanaSigner(2).address, createSolanaSigner(1).address]
    const theirs = { userId: 'u2', address: other, encryptedKey: 'k2', createdAt: 1 }
    await storage.solanaWallets.insertOnce(theirs)
    const mine = { userId: 'u1', address: own, encryptedKey: 'k1', createdAt: 1 }
    await storage.solanaWallets.insertOnce(mine)
    expect(
      await storage.sealedWallets.importKey(
        imported(0xee),
        shares('s'),
        serverWallet.address,
        other,
      ),
    ).toBe('taken')
    expect(await storage.wallets.findByUserId('u1')).toEqual(serverWallet)
    expect(await storage.sealedWallets.findShares('u1')).toBeUndefined()
    expect(await storage.solanaWallets.findByUserId('u1')).toEqual(mine)
    expect(await storage.solanaWallets.findByUserId('u2')).toEqual(theirs)
  })

  test('behavior: a passkey is deleted only by its own user, once', async () => {
    await storage.users.create(user)
    await storage.users.create({ id: 'u2', email: 'b@example.test', createdAt: 1 })
    const passkey = {
      credentialId: 'cred-1',
      userId: 'u1',
      publicKey: 'pk',
      counter: 0,
      transports: ['internal'],
      prf: false,
      backedUp: false,
      createdAt: 3,
      usedAt: null,
    }
    expect(await storage.passkeys.create(passkey)).toBe(true)
    expect(await storage.passkeys.delete('u2', 'cred-1')).toBe(false)
    expect(await storage.passkeys.find('cred-1')).toEqual(passkey)
    const deletes = await Promise.all([1, 2].map(() => storage.passkeys.delete('u1', 'cred-1')))
    expect(deletes.filter(Boolean)).toHaveLength(1)
    expect(await storage.passkeys.findByUser('u1')).toEqual([])
  })
})
