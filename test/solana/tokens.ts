/**
 * Test helpers that put SPL tokens on the chain through real transactions (System createAccount,
 * Token initializeMint2, Associated Token createIdempotent, mintTo), paid by the server's own payer.
 */
import {
  type Address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { errorOf, type SolanaChain, signatureOf } from './createSolanaChain'
import { transactionErrorText } from './transactionError'

/** Options of `createMint`. */
export interface CreateMintOptions {
  /** @default 6 */
  decimals?: number
  /** @default a new key */
  mintAuthority?: KeyPairSigner
}

/** Options of `mintSplToken`. */
export interface MintSplTokenOptions {
  mint: Address
  mintAuthority: KeyPairSigner
  /** The wallet that receives the tokens (in its associated token account, created if needed). */
  owner: Address
  /** Base units (10^decimals per token). */
  amount: bigint
}

/** The token helpers of a running server. */
export interface TokenHelpers {
  createMint(options?: CreateMintOptions): Promise<{ mint: Address; mintAuthority: KeyPairSigner }>
  mintSplToken(options: MintSplTokenOptions): Promise<{ tokenAccount: Address; signature: string }>
}

/** Token helpers paid by `payer` (which must hold SOL). */
export function createTokenHelpers(chain: SolanaChain, payer: KeyPairSigner): TokenHelpers {
  const run = async (instructions: Instruction[]) => {
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(chain.latestBlockhash('processed'), m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    )
    const transaction = await signTransactionMessageWithSigners(message)
    const signature = signatureOf(transaction)
    const err = errorOf(chain.execute(transaction))
    chain.record(signature, err)
    if (err !== null)
      throw new Error(`Token setup transaction failed: ${transactionErrorText(err)}`)
    return signature
  }

  return {
    async createMint({ decimals = 6, mintAuthority } = {}) {
      const authority = mintAuthority ?? (await generateKeyPairSigner())
      const mint = await generateKeyPairSigner()
      const space = BigInt(getMintSize())
      await run([
        getCreateAccountInstruction({
          payer,
          newAccount: mint,
          lamports: chain.svm.minimumBalanceForRentExemption(space),
          space,
          programAddress: TOKEN_PROGRAM_ADDRESS,
        }),
        getInitializeMint2Instruction({
          mint: mint.address,
          decimals,
          mintAuthority: authority.address,
        }),
      ])
      return { mint: mint.address, mintAuthority: authority }
    },
    async mintSplToken({ mint, mintAuthority, owner, amount }) {
      const [tokenAccount] = await findAssociatedTokenPda({
        owner,
        mint,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      })
      const signature = await run([
        getCreateAssociatedTokenIdempotentInstruction({ payer, ata: tokenAccount, owner, mint }),
        getMintToInstruction({ mint, token: tokenAccount, mintAuthority, amount }),
      ])
      return { tokenAccount, signature }
    },
  }
}
