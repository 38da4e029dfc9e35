import type {
  CanonicalSolanaRequest,
  CanonicalSolanaSignMessage,
  SolanaChain,
} from '../../src/approval/solanaTypes'
import {
  decodeSolanaTransaction,
  type SolanaTransaction,
} from '../../src/solana/decodeSolanaTransaction'
import { solanaClusters } from '../../src/solana/solanaClusters'
import { decodeBase64 } from '../../src/utils/base64'
import {
  describeSolanaInstruction,
  formatSol,
  programLabel,
  solanaPrograms,
} from './solanaInstructions'
import { type ApprovalRow, type ApprovalSection, type ApprovalSummary, block, text } from './types'

// The fee rules of the clusters today: 5,000 lamports per signature, and a priority fee of the
// compute-unit price times the limit (200,000 units per instruction when no limit is set).
const lamportsPerSignature = 5_000n
const defaultUnitsPerInstruction = 200_000
const maxUnits = 1_400_000

function clusterName(chain: SolanaChain): string {
  const known = Object.values(solanaClusters).find((cluster) => cluster.chain === chain)
  return known ? `${known.name} (${chain})` : `${chain} (not a public cluster)`
}

function hex(bytes: Uint8Array): string {
  return `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/** Each account of the transaction by position: an address, or a place in a lookup table. */
function accountLabels(transaction: SolanaTransaction, own: string): string[] {
  const mine = (address: string) => (address === own ? `${address} (this wallet)` : address)
  const labels = transaction.staticAccounts.map(mine)
  const place = (table: string, index: number) =>
    `entry ${index} of lookup table ${table} (address not shown)`
  for (const lookup of transaction.lookups)
    labels.push(...lookup.writable.map((index) => place(lookup.table, index)))
  for (const lookup of transaction.lookups)
    labels.push(...lookup.readonly.map((index) => place(lookup.table, index)))
  return labels
}

function describeTransaction(
  bytes: Uint8Array,
  chain: SolanaChain,
  own: string,
  heading: string | undefined,
): { section: ApprovalSection; warnings: string[] } {
  const transaction = decodeSolanaTransaction(bytes)
  const labels = accountLabels(transaction, own)
  const rows: ApprovalRow[] = [
    text('Network', clusterName(chain)),
    text('Fee payer', labels[0] ?? ''),
  ]
  const warnings: string[] = []
  let limit: number | undefined
  let price = 0n
  let counted = 0
  transaction.instructions.forEach((instruction, index) => {
    const program = transaction.staticAccounts[instruction.programIndex] ?? ''
    const described = describeSolanaInstruction(
      {
        program,
        accounts: instruction.accounts.map((at) => labels[at] ?? `(account ${at})`),
        data: instruction.data,
      },
      index + 1,
    )
    if (program !== solanaPrograms.computeBudget) counted++
    limit = described.computeUnitLimit ?? limit
    price = described.computeUnitPrice ?? price
    rows.push(
      text(`Instruction ${index + 1}`, described.action),
      text('Program', programLabel(program)),
      ...described.rows,
    )
    warnings.push(...described.warnings)
  })
  if (transaction.instructions.length === 0) rows.push(text('Instructions', 'None'))
  const units = BigInt(limit ?? Math.min(maxUnits, counted * defaultUnitsPerInstruction))
  const priority = (price * units + 999_999n) / 1_000_000n
  const base = lamportsPerSignature * BigInt(transaction.header.requiredSignatures)
  rows.push(
    text(
      'Max network fee',
      priority > 0n
        ? `${formatSol(base + priority)}: ${base} base + up to ${priority} priority`
        : formatSol(base),
    ),
  )
  const others = transaction.staticAccounts
    .slice(0, transaction.header.requiredSignatures)
    .filter((address) => address !== own)
  if (others.length > 0) rows.push(text('Also signed by', others.join(', ')))
  rows.push(text('Recent blockhash', transaction.recentBlockhash))
  if (transaction.lookups.length > 0)
    warnings.push(
      'Some accounts come from address lookup tables: they are shown by table and position, not by address.',
    )
  return { section: { heading, rows }, warnings }
}

function describeMessage(request: CanonicalSolanaSignMessage): ApprovalSummary {
  const bytes = decodeBase64(request.message) ?? new Uint8Array()
  return {
    title: 'Sign message',
    warnings: [],
    sections: [
      {
        rows: [
          request.text === undefined
            ? block(`Message (${bytes.length} bytes, not text)`, hex(bytes))
            : block('Message', request.text),
          text('Network', 'Solana (a message is not tied to a cluster)'),
          text('Account', request.account),
        ],
      },
    ],
  }
}

/**
 * What the approval screen shows for a Solana request: a message whole; for each transaction
 * the cluster, the fee payer, every instruction with its program (SOL and token transfers,
 * approvals and the like read out; others shown whole with a warning) and the most it can cost.
 */
export function describeSolana(request: CanonicalSolanaRequest): ApprovalSummary {
  if (request.method === 'solana_signMessage') return describeMessage(request)
  const list =
    request.method === 'solana_signAllTransactions' ? request.transactions : [request.transaction]
  const warnings: string[] = []
  const sections = list.map((item, index) => {
    const described = describeTransaction(
      decodeBase64(item) ?? new Uint8Array(),
      request.chain,
      request.account,
      list.length > 1 ? `Transaction ${index + 1} of ${list.length}` : undefined,
    )
    warnings.push(...described.warnings)
    return described.section
  })
  const after =
    request.method === 'solana_signAndSendTransaction'
      ? 'The wallet sends it to the cluster.'
      : 'The site gets the signed transaction and may send it.'
  sections.push({ rows: [text('After approval', after), text('Account', request.account)] })
  const title =
    request.method === 'solana_signAndSendTransaction'
      ? 'Send transaction'
      : list.length > 1
        ? `Sign ${list.length} transactions`
        : 'Sign transaction'
  return { title, warnings, sections }
}
