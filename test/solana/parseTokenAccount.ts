/**
 * `jsonParsed` for SPL Token accounts and mints, in the shape of agave's account decoder
 * (`program: "spl-token"`, `parsed: { type, info }`). Token-2022 accounts are read by their base
 * layout; their extensions are not shown.
 */
import type { Address } from '@solana/kit'
import { getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'

const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const ACCOUNT_SIZE = 165
const MINT_SIZE = 82

/** Whether `owner` is one of the token programs. */
export function isTokenProgram(owner: string): boolean {
  return owner === TOKEN_PROGRAM_ADDRESS || owner === TOKEN_2022
}

/** A token amount as the validator shows it (`amount`, `decimals`, `uiAmount`, `uiAmountString`). */
export function uiTokenAmount(amount: bigint, decimals: number) {
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

/** The parts of a token account the RPC methods need. */
export function readTokenAccount(data: Uint8Array) {
  if (data.length < ACCOUNT_SIZE) return undefined
  const token = getTokenDecoder().decode(data.subarray(0, ACCOUNT_SIZE))
  if (token.state === 0) return undefined
  return token
}

/** The decimals of a mint account, or undefined when `data` is not an initialized mint. */
export function readMint(data: Uint8Array) {
  if (data.length < MINT_SIZE || data.length === ACCOUNT_SIZE) return undefined
  const mint = getMintDecoder().decode(data.subarray(0, MINT_SIZE))
  return mint.isInitialized ? mint : undefined
}

const states = ['uninitialized', 'initialized', 'frozen'] as const

/**
 * The `parsed` object of a token-program account, or undefined (the caller then falls back to
 * base64, as the validator does). `decimalsOf` reads the mint's decimals.
 */
export function parseTokenAccount(
  data: Uint8Array,
  decimalsOf: (mint: Address) => number | undefined,
): { program: string; parsed: unknown; space: number } | undefined {
  const program = 'spl-token'
  if (data.length === ACCOUNT_SIZE || data.length > ACCOUNT_SIZE) {
    const token = readTokenAccount(data)
    if (!token) return undefined
    const decimals = decimalsOf(token.mint)
    if (decimals === undefined) return undefined
    const info: Record<string, unknown> = {
      isNative: token.isNative.__option === 'Some',
      mint: token.mint,
      owner: token.owner,
      state: states[token.state],
      tokenAmount: uiTokenAmount(token.amount, decimals),
    }
    if (token.delegate.__option === 'Some') {
      info.delegate = token.delegate.value
      info.delegatedAmount = uiTokenAmount(token.delegatedAmount, decimals)
    }
    if (token.isNative.__option === 'Some') {
      info.rentExemptReserve = uiTokenAmount(token.isNative.value, 9)
    }
    if (token.closeAuthority.__option === 'Some') info.closeAuthority = token.closeAuthority.value
    return { program, parsed: { info, type: 'account' }, space: data.length }
  }
  const mint = readMint(data)
  if (!mint) return undefined
  const info = {
    decimals: mint.decimals,
    freezeAuthority: mint.freezeAuthority.__option === 'Some' ? mint.freezeAuthority.value : null,
    isInitialized: true,
    mintAuthority: mint.mintAuthority.__option === 'Some' ? mint.mintAuthority.value : null,
    supply: mint.supply.toString(),
  }
  return { program, parsed: { info, type: 'mint' }, space: data.length }
}
