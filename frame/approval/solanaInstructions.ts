import { formatUnits } from 'viem'
import { type ApprovalRow, block, text } from './types'

// What the approval screen reads of the programs nearly every transaction calls: the System
// program (SOL transfers, new accounts), SPL Token and Token-2022 (transfers, approvals, closing),
// the Associated Token Account program, Compute Budget and Memo. Anything else is shown as an
// instruction the wallet cannot read, with a warning.
// @see https://github.com/solana-program/system, https://github.com/solana-program/token

/** Lamports per SOL, as decimals. */
const solDecimals = 9
const u64Max = 2n ** 64n - 1n

/** Well-known programs by address. */
export const solanaPrograms = {
  system: '11111111111111111111111111111111',
  token: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  token2022: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  associatedToken: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA1knL',
  computeBudget: 'ComputeBudget111111111111111111111111111111',
  memo: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  memoV1: 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
} as const

const programNames: Record<string, string> = {
  [solanaPrograms.system]: 'System Program',
  [solanaPrograms.token]: 'Token Program',
  [solanaPrograms.token2022]: 'Token-2022 Program',
  [solanaPrograms.associatedToken]: 'Associated Token Account Program',
  [solanaPrograms.computeBudget]: 'Compute Budget Program',
  [solanaPrograms.memo]: 'Memo Program',
  [solanaPrograms.memoV1]: 'Memo Program (v1)',
}

/** A program's name and address, or its address alone when it is not a known one. */
export function programLabel(address: string): string {
  const name = programNames[address]
  return name ? `${name} (${address})` : address
}

/** An instruction as the screen reads it: its program, its accounts by label, its data. */
export interface ReadableInstruction {
  program: string
  /** Each account the instruction names, as an address or a lookup-table position. */
  accounts: string[]
  data: Uint8Array
}

/** What the screen shows of one instruction; `limits` feed the fee row (Compute Budget). */
export interface DescribedInstruction {
  action: string
  rows: ApprovalRow[]
  warnings: string[]
  /** False for an instruction the wallet cannot read (shown whole, with a warning). */
  read: boolean
  computeUnitLimit?: number
  /** Micro-lamports per compute unit. */
  computeUnitPrice?: bigint
}

function u32(data: Uint8Array, at: number): number | undefined {
  if (data.length < at + 4) return undefined
  return new DataView(data.buffer, data.byteOffset + at, 4).getUint32(0, true)
}

function u64(data: Uint8Array, at: number): bigint | undefined {
  if (data.length < at + 8) return undefined
  return new DataView(data.buffer, data.byteOffset + at, 8).getBigUint64(0, true)
}

/** Lamports as SOL, exactly. */
export function formatSol(lamports: bigint): string {
  return `${formatUnits(lamports, solDecimals)} SOL (${lamports} lamports)`
}

const account = (instruction: ReadableInstruction, index: number) =>
  instruction.accounts[index] ?? '(missing account)'

function system(instruction: ReadableInstruction): DescribedInstruction | undefined {
  const { data } = instruction
  const tag = u32(data, 0)
  if (tag === 2 && data.length === 12) {
    const lamports = u64(data, 4) as bigint
    return {
      action: 'Transfer SOL',
      rows: [
        text('Amount', formatSol(lamports)),
        text('From', account(instruction, 0)),
        text('To', account(instruction, 1)),
      ],
      warnings: [],
      read: true,
    }
  }
  if (tag === 0 && data.length === 52) {
    const lamports = u64(data, 4) as bigint
    return {
      action: 'Create an account',
      rows: [
        text('New account', account(instruction, 1)),
        text('Funded with', formatSol(lamports)),
        text('Paid by', account(instruction, 0)),
        text('Space', `${u64(data, 12)} bytes`),
      ],
      warnings: [],
      read: true,
    }
  }
  return undefined
}

function tokenAmount(amount: bigint, decimals: number | undefined): string {
  if (amount === u64Max) return `Unlimited (${amount} base units)`
  return decimals === undefined
    ? `${amount} base units (the request does not state the token's decimals)`
    : `${formatUnits(amount, decimals)} (${amount} base units, ${decimals} decimals)`
}

function token(instruction: ReadableInstruction): DescribedInstruction | undefined {
  const { data } = instruction
  const tag = data[0]
  const amount = u64(data, 1)
  const checked = tag === 12 || tag === 13
  const decimals = checked && data.length === 10 ? data[9] : undefined
  // Checked forms name the mint second: the other accounts move one place on.
  const at = (plain: number) => (checked && plain > 0 ? plain + 1 : plain)
  if ((tag === 3 && data.length === 9) || (tag === 12 && decimals !== undefined)) {
    return {
      action: 'Transfer tokens',
      rows: [
        text('Amount', tokenAmount(amount as bigint, decimals)),
        ...(checked ? [text('Token (mint)', account(instruction, 1))] : []),
        text('From token account', account(instruction, 0)),
        text('To token account', account(instruction, at(1))),
        text('Owner', account(instruction, at(2))),
      ],
      warnings: [],
      read: true,
    }
  }
  if ((tag === 4 && data.length === 9) || (tag === 13 && decimals !== undefined)) {
    const delegate = account(instruction, at(1))
    const shown = tokenAmount(amount as bigint, decimals)
    return {
      action: 'Approve a delegate',
      rows: [
        text('Delegate', delegate),
        text('Allowance', shown),
        ...(checked ? [text('Token (mint)', account(instruction, 1))] : []),
        text('Token account', account(instruction, 0)),
      ],
      warnings: [
        `${delegate} may move up to ${shown} from token account ${account(instruction, 0)}.`,
      ],
      read: true,
    }
  }
  if (tag === 9 && data.length === 1)
    return {
      action: 'Close a token account',
      rows: [
        text('Token account', account(instruction, 0)),
        text('Its SOL goes to', account(instruction, 1)),
      ],
      warnings: [],
      read: true,
    }
  if (tag === 6)
    return {
      action: 'Change an authority',
      rows: [text('Account', account(instruction, 0))],
      warnings: [
        `This changes who controls ${account(instruction, 0)}: the new authority may take it over.`,
      ],
      read: true,
    }
  return undefined
}

function associatedToken(instruction: ReadableInstruction): DescribedInstruction | undefined {
  const { data } = instruction
  if (data.length > 1 || (data.length === 1 && data[0] !== 0 && data[0] !== 1)) return undefined
  return {
    action: 'Create a token account',
    rows: [
      text('Token account', account(instruction, 1)),
      text('For owner', account(instruction, 2)),
      text('Token (mint)', account(instruction, 3)),
      text('Rent paid by', account(instruction, 0)),
    ],
    warnings: [],
    read: true,
  }
}

function computeBudget(instruction: ReadableInstruction): DescribedInstruction | undefined {
  const { data } = instruction
  if (data[0] === 2 && data.length === 5) {
    const limit = u32(data, 1) as number
    return {
      action: 'Set compute unit limit',
      rows: [text('Compute units', String(limit))],
      warnings: [],
      read: true,
      computeUnitLimit: limit,
    }
  }
  if (data[0] === 3 && data.length === 9) {
    const price = u64(data, 1) as bigint
    return {
      action: 'Set priority fee',
      rows: [text('Price', `${price} micro-lamports per compute unit`)],
      warnings: [],
      read: true,
      computeUnitPrice: price,
    }
  }
  return undefined
}

function memo(instruction: ReadableInstruction): DescribedInstruction | undefined {
  try {
    const note = new TextDecoder('utf-8', { fatal: true }).decode(instruction.data)
    return { action: 'Memo', rows: [block('Memo', note)], warnings: [], read: true }
  } catch {
    return undefined
  }
}

const readers: Record<
  string,
  (instruction: ReadableInstruction) => DescribedInstruction | undefined
> = {
  [solanaPrograms.system]: system,
  [solanaPrograms.token]: token,
  [solanaPrograms.token2022]: token,
  [solanaPrograms.associatedToken]: associatedToken,
  [solanaPrograms.computeBudget]: computeBudget,
  [solanaPrograms.memo]: memo,
  [solanaPrograms.memoV1]: memo,
}

function hex(bytes: Uint8Array): string {
  return `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/**
 * What one instruction does, read from its program and data; an instruction of another program,
 * or one these readers do not know, is shown whole (program, accounts, data) with a warning.
 */
export function describeSolanaInstruction(
  instruction: ReadableInstruction,
  position: number,
): DescribedInstruction {
  const read = Object.hasOwn(readers, instruction.program)
    ? readers[instruction.program]?.(instruction)
    : undefined
  if (read) return read
  return {
    action: 'Unknown instruction',
    rows: [
      text('Accounts', instruction.accounts.join(', ') || '(none)'),
      block(`Data (${instruction.data.length} bytes)`, hex(instruction.data)),
    ],
    warnings: [
      `Instruction ${position} calls ${programLabel(instruction.program)} in a way this wallet cannot read: what it does is not shown. Approve only if you trust the site.`,
    ],
    read: false,
  }
}
