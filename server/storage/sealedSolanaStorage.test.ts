import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { storageBackends } from '../../test/harness/storageBackends'
import type { Storage } from './storage'
import type { SealedSharesRecord, UserRecord, WalletRecord } from './types'

// Sealed Solana accounts (issue 16) on both databases: made with the sealed wallet, sealed with
// the upgrade of a `server` wallet in the same transaction (all or nothing), replaced by an import.
const backends = storageBackends()

const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as `0x${string}`
const solanaAddress = (c: string) => `${c}${'1'.repeat(43)}`
const user: UserRecord = { id: 'u1', email: 'a@example.test', createdAt: 1 }
const serverWallet: WalletRecord = {
  userId: 'u1',
  address: address(0xaa),
  encryptedKey: 'k',
  createdAt: 1,
}
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

  test('behavior: a sealed wallet is made with its Solana account, which holds no key', async () => {
    await storage.users.create(user)
    const sealed = { ...serverWallet, encryptedKey: '', custody: 'sealed' as const }
    expect(await storage.sealedWallets.create(sealed, shares('s'), solanaAddress('A'))).toBe(true)
    expect(await storage.solanaWallets.findByUserId('u1')).toMatchObject({
      address: solanaAddress('A'),
      encryptedKey: '',
    })
    // A second one (another tab): nothing changes.
    expect(await storage.sealedWallets.create(sealed, shares('t'), solanaAddress('B'))).toBe(false)
    expect((await storage.solanaWallets.findByUserId('u1'))?.address).toBe(solanaAddress('A'))
    expect((await storage.sealedWallets.findShares('u1'))?.serverShare).toBe('s')
  })

  test('behavior: the upgrade seals the Solana key with the EVM key, or writes nothing', async () => {
    expect(await storage.users.createWithWallet(user, serverWallet)).toBe(true)
    await storage.solanaWallets.insertOnce({
      userId: 'u1',
      address: solanaAddress('A'),
      encryptedKey: 'sk',
      createdAt: 1,
    })
    // Another Solana account named: nothing written, both keys kept.
    expect(
      await storage.sealedWallets.upgrade(serverWallet.address, shares('s'), solanaAddress('B')),
    ).toBe(false)
    expect(await storage.sealedWallets.findShares('u1')).toBeUndefined()
    expect((await storage.wallets.findByUserId('u1'))?.encryptedKey).toBe('k')
    expect((await storage.solanaWallets.findByUserId('u1'))?.encryptedKey).toBe('sk')
    // Concurrent upgrades: one wins, both whole keys are gone.
    const upgrades = await Promise.all(
      ['a', 'b', 'c'].map((share) =>
        storage.sealedWallets.upgrade(serverWallet.address, shares(share), solanaAddress('A')),
      ),
    )
    expect(upgrades.filter(Boolean)).toHaveLength(1)
    expect(await storage.wallets.findByUserId('u1')).toMatchObject({
      encryptedKey: '',
      custody: 'sealed',
    })
    expect(await storage.solanaWallets.findByUserId('u1')).toMatchObject({
      address: solanaAddress('A'),
      encryptedKey: '',
    })
  })

  test('behavior: an import replaces the Solana account with the sealed one it made', async () => {
    expect(await storage.users.createWithWallet(user, serverWallet)).toBe(true)
    await storage.solanaWallets.insertOnce({
      userId: 'u1',
      address: solanaAddress('A'),
      encryptedKey: 'sk',
      createdAt: 1,
    })
    const imported = { ...serverWallet, address: address(0xbb), encryptedKey: '' }
    const stored = await storage.sealedWallets.importKey(
      { ...imported, custody: 'sealed' },
      shares('s'),
      serverWallet.address,
      solanaAddress('C'),
    )
    expect(stored).toBe('stored')
    expect(await storage.solanaWallets.findByUserId('u1')).toMatchObject({
      address: solanaAddress('C'),
      encryptedKey: '',
    })
    // The account's wallet moved meanwhile: nothing written, the Solana account stays.
    const changed = await storage.sealedWallets.importKey(
      { ...imported, address: address(0xcc), custody: 'sealed' },
      shares('t', 2),
      serverWallet.address,
      solanaAddress('D'),
    )
    expect(changed).toBe('changed')
    expect((await storage.solanaWallets.findByUserId('u1'))?.address).toBe(solanaAddress('C'))
  })
})
