/**
 * An account as the validator's `UiAccount`: `lamports`, `owner`, `data` in the asked encoding,
 * `executable`, `rentEpoch`, `space`.
 */
import { type Address, getBase58Decoder, getBase64Decoder } from '@solana/kit'
import { parseTokenAccount, readMint } from './parseTokenAccount'
import { invalidParams, SolanaRpcError } from './rpcError'

/** The encodings the validator takes for account data. */
export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'jsonParsed'

/** `encoding` and `dataSlice` of an account request. */
export interface AccountConfig {
  encoding: AccountEncoding
  dataSlice?: { offset: number; length: number }
}

/** An account as litesvm returns it (or as a simulation's post-state has it). */
export type AccountLike =
  | { exists: false }
  | {
      exists: true
      data: ArrayLike<number>
      lamports: bigint
      programAddress: string
      executable: boolean
    }

/** Every account is rent-exempt here; the validator shows `u64::MAX` for those. */
const RENT_EXEMPT_EPOCH = 18446744073709551615n

/** Reads `encoding` / `dataSlice` from a request's config object. */
export function accountConfig(
  config: Record<string, unknown>,
  fallback: AccountEncoding,
): AccountConfig {
  const encoding = config.encoding ?? fallback
  if (encoding === 'base64+zstd') {
    throw invalidParams('base64+zstd is not supported by this local RPC; use base64')
  }
  if (!['binary', 'base58', 'base64', 'jsonParsed'].includes(encoding as string)) {
    throw invalidParams(
      `unknown variant \`${String(encoding)}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\`, \`base64+zstd\``,
    )
  }
  const slice = config.dataSlice as { offset?: unknown; length?: unknown } | undefined
  if (slice !== undefined) {
    const { offset, length } = slice ?? {}
    if (
      !Number.isInteger(offset) ||
      !Number.isInteger(length) ||
      (offset as number) < 0 ||
      (length as number) < 0
    ) {
      throw invalidParams('dataSlice needs a non-negative integer `offset` and `length`')
    }
    return {
      encoding: encoding as AccountEncoding,
      dataSlice: { offset: offset as number, length: length as number },
    }
  }
  return { encoding: encoding as AccountEncoding }
}

/**
 * The account in the validator's JSON shape, or null when it does not exist. `accountAt` reads
 * another account (the mint, for a token account's decimals).
 */
export function encodeAccount(
  account: AccountLike,
  config: AccountConfig,
  accountAt: (address: Address) => AccountLike,
): Record<string, unknown> | null {
  if (!account.exists) return null
  const full = new Uint8Array(account.data)
  const data = config.dataSlice
    ? full.subarray(config.dataSlice.offset, config.dataSlice.offset + config.dataSlice.length)
    : full
  const base = {
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: full.length,
  }
  switch (config.encoding) {
    case 'jsonParsed': {
      if (!config.dataSlice) {
        const parsed = parseTokenAccount(full, (mint) => {
          const found = accountAt(mint)
          return found.exists ? readMint(new Uint8Array(found.data))?.decimals : undefined
        })
        if (parsed) return { ...base, data: parsed }
      }
      return { ...base, data: [getBase64Decoder().decode(data), 'base64'] }
    }
    case 'base64':
      return { ...base, data: [getBase64Decoder().decode(data), 'base64'] }
    case 'base58':
    case 'binary': {
      if (data.length > 128) {
        throw new SolanaRpcError(
          -32600,
          'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
        )
      }
      const text = getBase58Decoder().decode(data)
      return { ...base, data: config.encoding === 'binary' ? text : [text, 'base58'] }
    }
  }
}
