import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { NoAccountsFoundError } from '../../src/errors/NoAccountsFoundError'
import type { ServerContext } from '../context'
import { encrypt } from '../crypto/encryption'
import { custodyModeOf } from './custodyMode'
import { checkShareHolds, type SealedRecoveryShare, serverShareAad } from './sealedWallets'
import { ensureSolanaWallet, solanaSeed } from './solanaWallets'
import { walletPrivateKey } from './wallets'

type Context = Pick<ServerContext, 'keys' | 'now' | 'storage' | 'options'>

/** The user's `server` wallet in a project whose mode is sealed; refused otherwise. */
async function upgradableWallet(context: Context, userId: string, projectId: string) {
  if (custodyModeOf(context.options.custody, projectId) !== 'sealed')
    throw new InvalidRequestError({ reason: 'This project does not make sealed wallets.' })
  const wallet = await context.storage.wallets.findByUserId(userId)
  if (!wallet) throw new NoAccountsFoundError()
  if (wallet.custody === 'sealed')
    throw new InvalidRequestError({ reason: 'This wallet is sealed already.' })
  return wallet
}

/**
 * The upgrade of a `server` wallet to sealed (docs/security.md), step one: its whole key, once,
 * for the frame of a device-bound session of its user to split. Only in a project whose custody
 * mode is `sealed`; the server held this key all along, so this hands the frame nothing the
 * operator did not have.
 */
export async function keyForUpgrade(
  context: Context,
  { userId, projectId }: { userId: string; projectId: string },
): Promise<{
  address: `0x${string}`
  privateKey: `0x${string}`
  /** The Solana key, sealed in the same split (its seed, hex). */
  solana: { address: string; seed: string }
}> {
  const wallet = await upgradableWallet(context, userId, projectId)
  const solana = await ensureSolanaWallet(context, userId)
  return {
    address: wallet.address,
    privateKey: walletPrivateKey(context, wallet),
    solana: { address: solana.address, seed: solanaSeed(context, solana) },
  }
}

/**
 * Step two: the shares the frame made of that same key replace it: they are stored and the
 * whole-key ciphertext deleted in one transaction, with the Solana key's (the shares hold both),
 * only while the wallet is still that `server` wallet (the same addresses). From then on the
 * server cannot sign for either.
 */
export async function completeUpgrade(
  context: Context,
  params: {
    userId: string
    projectId: string
    address: `0x${string}`
    serverShare: string
    recoveryShare: SealedRecoveryShare
    /** The Solana account whose seed the shares hold too. */
    solanaAddress: string
    /** The frame's device id of the session that made the split (its first split's device). */
    deviceId?: string | undefined
  },
): Promise<void> {
  const { userId, address } = params
  const wallet = await upgradableWallet(context, userId, params.projectId)
  if (wallet.address.toLowerCase() !== address.toLowerCase())
    throw new InvalidRequestError({ reason: 'The shares are of another address.' })
  checkShareHolds(params.serverShare, true)
  const solana = await context.storage.solanaWallets.findByUserId(userId)
  if (solana?.address !== params.solanaAddress)
    throw new InvalidRequestError({ reason: 'The shares are of another Solana account.' })
  const upgraded = await context.storage.sealedWallets.upgrade(
    wallet.address,
    {
      userId,
      serverShare: encrypt(
        context.keys.wallet,
        params.serverShare,
        serverShareAad(userId, wallet.address),
      ),
      recoveryShare: JSON.stringify(params.recoveryShare),
      version: 1,
      updatedAt: context.now(),
      deviceId: params.deviceId ?? null,
    },
    solana.address,
  )
  if (!upgraded)
    throw new InvalidRequestError({ reason: 'This wallet changed meanwhile; read it again.' })
}
