import { getAddress } from 'viem'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { WalletImportError } from '../../src/errors/WalletImportError'
import type { ServerContext } from '../context'
import { encrypt } from '../crypto/encryption'
import type { WalletRecord } from '../storage/types'
import { custodyModeOf } from './custodyMode'
import { slotsOf } from './deviceShares'
import {
  checkShareHolds,
  type SealedRecoveryShare,
  sealedSolanaOf,
  serverShareAad,
} from './sealedWallets'

type Context = Pick<ServerContext, 'keys' | 'now' | 'storage' | 'options' | 'chains'>

/**
 * Whether `address` has been used on any chain this server serves: a native balance, a sent
 * transaction (its nonce), or a transfer the chain indexer saw (tokens and NFTs, where
 * `chainData` indexes). A chain that cannot be asked counts as used: never replace blind.
 */
export async function walletInUse(context: Context, address: `0x${string}`): Promise<boolean> {
  const checks = context.chains.ids().map(async (chainId) => {
    const { client } = context.chains.get(chainId)
    const [balance, nonce, transfers] = await Promise.all([
      client.getBalance({ address }),
      client.getTransactionCount({ address, blockTag: 'pending' }),
      context.storage.chainIndex.history(chainId, address.toLowerCase() as `0x${string}`, 1),
    ])
    return balance > 0n || nonce > 0 || transfers.length > 0
  })
  const answers = await Promise.allSettled(checks)
  return answers.some((answer) => answer.status === 'rejected' || answer.value)
}

function requireSealedProject(context: Context, projectId: string) {
  if (custodyModeOf(context.options.custody, projectId) !== 'sealed')
    throw new InvalidRequestError({
      reason: 'This project does not make sealed wallets, so it imports none.',
    })
}

/** What an import would replace: the user's wallet, if any, and whether it has been used. */
export async function importTarget(
  context: Context,
  { userId, projectId }: { userId: string; projectId: string },
): Promise<{ current: { address: `0x${string}`; inUse: boolean } | null }> {
  requireSealedProject(context, projectId)
  const wallet = await context.storage.wallets.findByUserId(userId)
  if (!wallet) return { current: null }
  return { current: { address: wallet.address, inUse: await walletInUse(context, wallet.address) } }
}

/**
 * An imported key (docs/security.md "Importing a wallet"), split in the frame like a new sealed
 * wallet's: its server share is stored under the master key, its recovery share as it came, and
 * it becomes the user's wallet in one transaction. When the user has a wallet, `replace` must
 * name it (the one the visitor saw); a wallet that has been used (see {@link walletInUse}) is
 * replaced only with `confirmed`. The same address again needs no confirmation (nothing is lost).
 */
export async function importSealedWallet(
  context: Context,
  params: {
    userId: string
    projectId: string
    address: `0x${string}`
    serverShare: string
    recoveryShare: SealedRecoveryShare
    replace: { address: `0x${string}`; confirmed: boolean } | null
    /** A new sealed Solana account whose seed the shares hold with the imported key. */
    solanaAddress?: string | undefined
    /** The frame's device id of the session that made the split (its first split's device). */
    deviceId?: string | undefined
  },
): Promise<{ address: `0x${string}`; version: number }> {
  const { userId, replace } = params
  requireSealedProject(context, params.projectId)
  // A sealed Solana account is replaced by the one the import makes: never left without its seed.
  if (params.solanaAddress === undefined && (await sealedSolanaOf(context, userId)))
    throw new InvalidRequestError({ reason: 'The import must seal a new Solana key too.' })
  checkShareHolds(params.serverShare, params.solanaAddress !== undefined)
  const address = getAddress(params.address)
  const current = await context.storage.wallets.findByUserId(userId)
  const named = replace?.address.toLowerCase()
  if ((current?.address.toLowerCase() ?? null) !== (named ?? null))
    throw new WalletImportError({ reason: 'CHANGED' })
  const same = current?.address.toLowerCase() === address.toLowerCase()
  if (current && !same && !replace?.confirmed && (await walletInUse(context, current.address)))
    throw new WalletImportError({ reason: 'IN_USE' })
  // A new split of the same address must not pair with device shares of an older one.
  // (every device's split: the import deletes them, and the new one is above them all).
  const previous =
    current?.custody === 'sealed'
      ? await slotsOf(context, userId).catch(() => undefined)
      : undefined
  const version = (previous?.slots[0]?.version ?? 0) + 1
  const now = context.now()
  const wallet: WalletRecord = {
    userId,
    address,
    encryptedKey: '',
    createdAt: now,
    custody: 'sealed',
  }
  const stored = await context.storage.sealedWallets.importKey(
    wallet,
    {
      userId,
      serverShare: encrypt(
        context.keys.wallet,
        params.serverShare,
        serverShareAad(userId, address),
      ),
      recoveryShare: JSON.stringify(params.recoveryShare),
      version,
      updatedAt: now,
      deviceId: params.deviceId ?? null,
    },
    current?.address ?? null,
    params.solanaAddress,
  )
  if (stored !== 'stored')
    throw new WalletImportError({ reason: stored === 'taken' ? 'TAKEN' : 'CHANGED' })
  return { address, version }
}
