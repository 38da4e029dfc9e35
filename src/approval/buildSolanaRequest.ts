import { AccountNotAuthorizedError } from '../errors/AccountNotAuthorizedError'
import { commitmentNames, parseCommitment } from '../solana/commitment'
import { decodeSolanaTransaction, isSolanaMessage } from '../solana/decodeSolanaTransaction'
import { isSolanaAddress } from '../solana/solanaAddress'
import { solanaClusters } from '../solana/solanaClusters'
import { encodeBase64 } from '../utils/base64'
import { has, readObject, refuse } from './fields'
import type {
  CanonicalSolanaRequest,
  CanonicalSolanaSendOptions,
  SolanaApprovalMethod,
  SolanaChain,
} from './solanaTypes'

/** The longest message signed, in bytes (a sign-in message is well under 1 KiB). */
export const maxSolanaMessageBytes = 4096
/** At most this many transactions in one solana_signAllTransactions. */
export const maxSolanaTransactions = 32

/** What {@link buildSolanaRequest} reads: bytes already decoded, everything else untrusted. */
export type SolanaRequestInput = {
  method: SolanaApprovalMethod
  /** The signed-in user's Solana address. */
  account: string
  /** The bytes of a message (solana_signMessage). */
  message?: Uint8Array | undefined
  /** The wire bytes of each transaction (the transaction methods). */
  transactions?: Uint8Array[] | undefined
  /** The cluster (the transaction methods). */
  chain?: unknown
  /** `sendTransaction` options (solana_signAndSendTransaction). */
  options?: unknown
}

const chainPattern = /^solana:[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/

/**
 * A cluster as the Wallet Standard names it (`solana:devnet`); the CAIP-2 ids of the public
 * clusters (`solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`) are read as their names.
 */
export function readSolanaChain(value: unknown): SolanaChain {
  if (typeof value !== 'string' || !chainPattern.test(value))
    refuse('The chain must be a Solana cluster such as solana:devnet.')
  const known = Object.values(solanaClusters).find((cluster) => cluster.caipNetworkId === value)
  return (known?.chain ?? value) as SolanaChain
}

function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    return undefined
  }
}

function readAccount(account: string): string {
  if (!isSolanaAddress(account)) refuse('The account must be a Solana address.')
  return account
}

function readTransaction(bytes: Uint8Array, account: string, path: string): string {
  const transaction = decodeSolanaTransaction(bytes)
  const payer = transaction.staticAccounts[0]
  if (payer !== account)
    refuse(`${path} is paid for by ${payer}, not by this wallet's account ${account}.`)
  return encodeBase64(bytes)
}

function readOptions(value: unknown): CanonicalSolanaSendOptions {
  if (value === undefined) return {}
  const record = readObject(value, 'The options', [
    'preflightCommitment',
    'skipPreflight',
    'maxRetries',
    'minContextSlot',
  ])
  const options: CanonicalSolanaSendOptions = {}
  if (has(record, 'preflightCommitment')) {
    if (!(commitmentNames as readonly unknown[]).includes(record.preflightCommitment))
      refuse(`preflightCommitment must be one of ${commitmentNames.join(', ')}.`)
    options.preflightCommitment = parseCommitment(record.preflightCommitment)
  }
  if (has(record, 'skipPreflight')) {
    if (typeof record.skipPreflight !== 'boolean') refuse('skipPreflight must be true or false.')
    options.skipPreflight = record.skipPreflight
  }
  for (const name of ['maxRetries', 'minContextSlot'] as const) {
    if (!has(record, name)) continue
    const number = record[name]
    if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0)
      refuse(`${name} must be a whole number of 0 or more.`)
    options[name] = number
  }
  return options
}

/**
 * Builds the canonical form of a Solana request from its decoded bytes: the frame after reading
 * the dapp's params, the server after reading the canonical request back, so both run the same
 * checks. A message must not read as a transaction message (its signature could authorise one); a
 * transaction must decode whole and be paid for by the account.
 * @throws InvalidRequestError naming what is wrong
 */
export function buildSolanaRequest(input: SolanaRequestInput): CanonicalSolanaRequest {
  const account = readAccount(input.account)
  if (input.method === 'solana_signMessage') {
    const bytes = input.message
    if (!bytes || bytes.length === 0 || bytes.length > maxSolanaMessageBytes)
      refuse(`The message must be 1 to ${maxSolanaMessageBytes} bytes.`)
    if (isSolanaMessage(bytes))
      refuse('The message reads as a Solana transaction: sign it as a transaction instead.')
    const text = utf8(bytes)
    return {
      method: input.method,
      account,
      message: encodeBase64(bytes),
      ...(text === undefined ? {} : { text }),
    }
  }
  const chain = readSolanaChain(input.chain)
  const transactions = input.transactions ?? []
  if (input.method === 'solana_signAllTransactions') {
    if (transactions.length === 0 || transactions.length > maxSolanaTransactions)
      refuse(`The transactions must be a list of 1 to ${maxSolanaTransactions}.`)
    return {
      method: input.method,
      chain,
      account,
      transactions: transactions.map((bytes, index) =>
        readTransaction(bytes, account, `Transaction ${index + 1}`),
      ),
    }
  }
  const [bytes] = transactions
  if (!bytes || transactions.length !== 1) refuse(`${input.method} takes one transaction.`)
  const transaction = readTransaction(bytes, account, 'The transaction')
  if (input.method === 'solana_signTransaction')
    return { method: input.method, chain, account, transaction }
  return { method: input.method, chain, account, transaction, options: readOptions(input.options) }
}

/** The signed-in account, or `AccountNotAuthorizedError` when a request names another one. */
export function readOwnSolanaAddress(value: unknown, account: string): string {
  if (typeof value !== 'string' || !isSolanaAddress(value))
    refuse('The public key must be a Solana address.')
  if (value !== account) throw new AccountNotAuthorizedError({ address: value })
  return value
}
