import { NoAccountsFoundError } from '../../src/errors/NoAccountsFoundError'
import type { Auth } from '../auth/sessions'
import type { ServerContext } from '../context'
import { releaseShares } from '../custody/sealedWallets'
import { solanaSecretKey } from '../custody/solanaWallets'
import { walletPrivateKey } from '../custody/wallets'
import { requireFactorProof } from './factorProofs'

type Context = Pick<ServerContext, 'storage' | 'now' | 'options' | 'keys'>

/** What POST /v1/export answers the frame of a device-bound session, after a fresh second factor. */
export type WalletExport = {
  address: `0x${string}`
  /** A Solana key the server keeps for the user, base58 of seed ‖ public key (wallets import it). */
  solana?: { address: string; secretKey: string }
} & (
  | { custody: 'server'; privateKey: `0x${string}` }
  /** Sealed: the server's share only; the frame rebuilds the key with its device share. */
  | {
      custody: 'sealed'
      serverShare: string
      version: number
      /** A sealed Solana account: its seed is in the shares, rebuilt in the frame. */
      solanaAddress?: string
    }
)

/**
 * The export of the user's wallet (docs/security.md "Export"), only with a fresh proof of a
 * second factor made for `export` by this session: a `server` wallet's whole key, or a sealed
 * wallet's server share (the key is rebuilt in the frame, never here), and the Solana key the
 * server keeps, if any.
 */
export async function exportWallet(
  context: Context,
  auth: Auth,
  factorProof: string | undefined,
): Promise<WalletExport> {
  await requireFactorProof(context, auth, { action: 'export' }, factorProof)
  const userId = auth.user.id
  const wallet = await context.storage.wallets.findByUserId(userId)
  if (!wallet) throw new NoAccountsFoundError()
  const solanaWallet = await context.storage.solanaWallets.findByUserId(userId)
  // A sealed Solana key is in the shares: the frame rebuilds it with the EVM key.
  const solana =
    solanaWallet && solanaWallet.encryptedKey !== ''
      ? {
          solana: {
            address: solanaWallet.address,
            secretKey: solanaSecretKey(context, solanaWallet),
          },
        }
      : {}
  if (wallet.custody === 'sealed') {
    // This device's split: the frame rebuilds the key with its own device share.
    const shares = await releaseShares(context, userId, auth.session.deviceId)
    return {
      address: wallet.address,
      custody: 'sealed',
      serverShare: shares.serverShare,
      version: shares.version,
      ...(shares.solanaAddress ? { solanaAddress: shares.solanaAddress } : {}),
      ...solana,
    }
  }
  return {
    address: wallet.address,
    custody: 'server',
    privateKey: walletPrivateKey(context, wallet),
    ...solana,
  }
}
