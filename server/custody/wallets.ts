import { generatePrivateKey, type LocalAccount, privateKeyToAccount } from 'viem/accounts'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import type { ServerContext } from '../context'
import { decrypt, encrypt } from '../crypto/encryption'
import { keysOf } from '../crypto/masterKey'
import type { WalletRecord } from '../storage/types'

/** What a wallet key's GCM tag binds it to: its user and address. */
export function walletAad(userId: string, address: string): string {
  return `latchkey-wallet\n${userId}\n${address.toLowerCase()}`
}

/** Makes a secp256k1 key for a user, encrypted under the wallet key; the key is not returned. */
export function createWalletRecord(
  context: Pick<ServerContext, 'keys' | 'now'>,
  userId: string,
): WalletRecord {
  const privateKey = generatePrivateKey()
  const { address } = privateKeyToAccount(privateKey)
  return {
    userId,
    address,
    encryptedKey: encrypt(context.keys.wallet, privateKey, walletAad(userId, address)),
    createdAt: context.now(),
  }
}

/**
 * The signing account of a wallet, decrypted for one request; it never leaves the server. A
 * sealed wallet has no key here: refused (the frame signs for it).
 */
export function walletAccount(
  context: Pick<ServerContext, 'keys'>,
  wallet: WalletRecord,
): LocalAccount {
  return privateKeyToAccount(walletPrivateKey(context, wallet))
}

/**
 * The private key of a `server` wallet, decrypted: for signing here, and once for the frame that
 * upgrades the wallet to sealed (server/custody/upgradeWallet.ts).
 */
export function walletPrivateKey(
  context: Pick<ServerContext, 'keys'>,
  wallet: WalletRecord,
): `0x${string}` {
  if (wallet.custody === 'sealed')
    throw new InvalidRequestError({
      reason: 'This wallet is sealed: the server cannot sign for it, the wallet frame signs.',
    })
  return decrypt(
    keysOf(context.keys, 'wallet'),
    wallet.encryptedKey,
    walletAad(wallet.userId, wallet.address),
  ) as `0x${string}`
}
