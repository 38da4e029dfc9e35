import { ed25519 } from '@noble/curves/ed25519'
import { decodeBase58 } from '../utils/decodeBase58'
import { encodeBase58 } from '../utils/encodeBase58'
import { concat } from './compileLegacyTransaction'
import { parseSolanaAddress } from './solanaAddress'

/** The SPL Token program. */
export const tokenProgramAddress = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
/** The Token-2022 program. */
export const token2022ProgramAddress = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
/** The Associated Token Account program. */
export const associatedTokenProgramAddress = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'

const marker = new TextEncoder().encode('ProgramDerivedAddress')

/** Whether 32 bytes decode to a point of the Ed25519 curve (a key someone could sign for). */
function isOnCurve(bytes: Uint8Array): boolean {
  try {
    ed25519.ExtendedPoint.fromHex(bytes)
    return true
  } catch {
    return false
  }
}

/**
 * The program-derived address of `seeds` under `programAddress` with the highest bump that lands
 * off the curve (so no key signs for it), as the runtime's `find_program_address` derives it:
 * sha256(seeds ‖ bump ‖ program ‖ "ProgramDerivedAddress").
 * @throws InvalidSolanaAddressError for a program address that is not 32 base58 bytes
 * @throws RangeError for more than 16 seeds or a seed over 32 bytes
 */
export async function findProgramAddress(
  seeds: readonly Uint8Array[],
  programAddress: string,
): Promise<{ address: string; bump: number }> {
  if (seeds.length > 16 || seeds.some((seed) => seed.length > 32))
    throw new RangeError('at most 16 seeds of at most 32 bytes each')
  const program = decodeBase58(parseSolanaAddress(programAddress)) as Uint8Array
  for (let bump = 255; bump >= 0; bump--) {
    const input = concat([...seeds, Uint8Array.of(bump), program, marker])
    const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', input))
    if (!isOnCurve(hash)) return { address: encodeBase58(hash), bump }
  }
  // 256 hashes all on the curve: about 2^-256, and the runtime gives up the same way
  throw new RangeError('no program-derived address off the curve for these seeds')
}

/**
 * The associated token account of `owner` for `mint` under the token program that owns the mint
 * (Token or Token-2022): where wallets keep, and send, that token.
 * @throws InvalidSolanaAddressError for an address that is not 32 base58 bytes
 * @example await findAssociatedTokenAddress({ owner, mint, tokenProgram: tokenProgramAddress })
 */
export async function findAssociatedTokenAddress(parameters: {
  owner: string
  mint: string
  tokenProgram: string
}): Promise<string> {
  const bytes = (address: string) => decodeBase58(parseSolanaAddress(address)) as Uint8Array
  const { address } = await findProgramAddress(
    [bytes(parameters.owner), bytes(parameters.tokenProgram), bytes(parameters.mint)],
    associatedTokenProgramAddress,
  )
  return address
}
