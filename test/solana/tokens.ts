/**
 * Test helpers that put SPL tokens on the chain through real transactions (System createAccount,
 * Token initializeMint2, Associated Token createIdempotent, mintTo), paid by the server's own payer.
 * Mints go to SPL Token or Token-2022; a Token-2022 mint can carry a close authority or a
 * transfer fee (their initialize instructions are written here: the token client we have is
 * SPL Token's, whose instructions Token-2022 shares but not the extensions').
 */
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
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

/** The Token-2022 program. */
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address

/** A Token-2022 mint extension `createMint` can initialize. */
export type MintExtension = 'mintCloseAuthority' | 'transferFee'

/** Options of `createMint`. */
export interface CreateMintOptions {
  /** @default 6 */
  decimals?: number
  /** @default a new key */
  mintAuthority?: KeyPairSigner
  /** @default TOKEN_PROGRAM_ADDRESS */
  tokenProgram?: Address
  /** Token-2022 only: extensions initialized before the mint (the authority is the mint's). */
  extensions?: readonly MintExtension[]
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

/** Each extension's size in the mint and its initialize instruction's data. */
const extensionSetup: Record<
  MintExtension,
  { size: number; data: (authority: Address) => Uint8Array }
> = {
  // InitializeMintCloseAuthority (25): COption<Pubkey>
  mintCloseAuthority: {
    size: 32,
    data: (authority) => Uint8Array.of(25, 1, ...getAddressEncoder().encode(authority)),
  },
  // TransferFeeExtension (26) InitializeTransferFeeConfig (0): two COption<Pubkey>, 1% up to 1000
  transferFee: {
    size: 108,
    data: (authority) => {
      const key = getAddressEncoder().encode(authority)
      const fee = new Uint8Array(10)
      new DataView(fee.buffer).setUint16(0, 100, true)
      new DataView(fee.buffer).setBigUint64(2, 1000n, true)
      return Uint8Array.of(26, 0, 1, ...key, 1, ...key, ...fee)
    },
  },
}

/** The bytes of a mint: 82, or with extensions padded to 165, its type, then TLV entries. */
function mintSpace(extensions: readonly MintExtension[]): bigint {
  if (extensions.length === 0) return BigInt(getMintSize())
  return BigInt(extensions.reduce((size, name) => size + 4 + extensionSetup[name].size, 166))
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
    async createMint(options = {}) {
      const { decimals = 6, mintAuthority, extensions = [] } = options
      const programAddress = options.tokenProgram ?? TOKEN_PROGRAM_ADDRESS
      if (extensions.length > 0 && programAddress !== TOKEN_2022_PROGRAM_ADDRESS)
        throw new Error('Mint extensions are Token-2022 only')
      const authority = mintAuthority ?? (await generateKeyPairSigner())
      const mint = await generateKeyPairSigner()
      const space = mintSpace(extensions)
      await run([
        getCreateAccountInstruction({
          payer,
          newAccount: mint,
          lamports: chain.svm.minimumBalanceForRentExemption(space),
          space,
          programAddress,
        }),
        ...extensions.map(
          (name): Instruction => ({
            programAddress,
            accounts: [{ address: mint.address, role: AccountRole.WRITABLE }],
            data: extensionSetup[name].data(authority.address),
          }),
        ),
        getInitializeMint2Instruction(
          { mint: mint.address, decimals, mintAuthority: authority.address },
          { programAddress },
        ),
      ])
      return { mint: mint.address, mintAuthority: authority }
    },
    async mintSplToken({ mint, mintAuthority, owner, amount }) {
      // the mint's own program: SPL Token or Token-2022
      const tokenProgram = tokenProgramOf(chain, mint)
      const [tokenAccount] = await findAssociatedTokenPda({ owner, mint, tokenProgram })
      const signature = await run([
        getCreateAssociatedTokenIdempotentInstruction({
          payer,
          ata: tokenAccount,
          owner,
          mint,
          tokenProgram,
        }),
        getMintToInstruction(
          { mint, token: tokenAccount, mintAuthority, amount },
          { programAddress: tokenProgram },
        ),
      ])
      return { tokenAccount, signature }
    },
  }
}

/** The program that owns `mint` on the chain. */
function tokenProgramOf(chain: SolanaChain, mint: Address): Address {
  const account = chain.svm.getAccount(mint)
  if (!account.exists) throw new Error(`No mint at ${mint}`)
  return account.programAddress as Address
}
