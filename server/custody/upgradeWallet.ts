import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { NoAccountsFoundError } from '../../src/errors/NoAccountsFoundError'
import type { ServerContext } from '../context'
import { encrypt } from '../crypto/encryption'
import { custodyModeOf } from './custodyMode'
import { type SealedRecoveryShare, serverShareAad } from './sealedWallets'
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
): Promise<{ address: `0x${string}`; privateKey: `0x${string}` }> {
  const wallet = await upgradableWallet(context, userId, projectId)
  return { address: wallet.address, privateKey: walletPrivateKey(context, wallet) }
}

/**
 * Step two: the shares the frame made of that same key replace it: they are stored and the
 * whole-key ciphertext deleted in one transaction, only while the wallet is still that `server`
 * wallet (the same address). From then on the server cannot sign for it.
 */
export async function completeUpgrade(
  context: Context,
  params: {
    userId: string
    projectId: string
    address: `0x${string}`
    serverShare: string
    recoveryShare: SealedRecoveryShare
  },
): Promise<void> {
  const { userId, address } = params
  const wallet = await upgradableWallet(context, userId, params.projectId)
  if (wallet.address.toLowerCase() !== address.toLowerCase())
    throw new InvalidRequestError({ reason: 'The shares are of another address.' })
  const upgraded = await context.storage.sealedWallets.upgrade(wallet.address, {
    userId,
    serverShare: encrypt(
      context.keys.wallet,
      params.serverShare,
      serverShareAad(userId, wallet.address),
    ),
    recoveryShare: JSON.stringify(params.recoveryShare),
    version: 1,
    updatedAt: context.now(),
  })
  if (!upgraded)
    throw new InvalidRequestError({ reason: 'This wallet changed meanwhile; read it again.' })
}
