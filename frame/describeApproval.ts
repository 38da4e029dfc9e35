import { isSolanaRequest } from '../src/approval/normalizeSolanaRequest'
import type { ApprovalRequest } from '../src/approval/solanaTypes'
import type { CanonicalRequest, CanonicalTypedData } from '../src/approval/types'
import { getEvmNetwork } from '../src/networks'
import { describeSolana } from './approval/describeSolana'
import { describeCall, feeRows } from './approval/describeTransaction'
import { formatNative } from './approval/formatAmount'
import { recognizePermit } from './approval/recognizePermit'
import { hasHiddenCharacters } from './approval/revealHidden'
import { structTree, typesTree } from './approval/typedDataTree'
import {
  type ApprovalRow,
  type ApprovalSection,
  type ApprovalSummary,
  block,
  type TreeNode,
  text,
} from './approval/types'

/** Shown when a string on the screen holds invisible or direction-changing characters. */
export const hiddenCharactersWarning =
  'This request contains invisible or direction-changing characters, shown as ⟨U+…⟩. The text may read differently from what is signed.'

function chainRows(chainId: number, account: string): ApprovalRow[] {
  const network = getEvmNetwork(chainId)
  return [
    text(
      'Network',
      network ? `${network.name} (chain ${chainId})` : `Chain ${chainId} (unknown network)`,
    ),
    text('Account', account),
  ]
}

function nativeSymbol(chainId: number): string {
  return getEvmNetwork(chainId)?.nativeCurrency.symbol ?? 'ETH'
}

function describeTypedData(request: CanonicalTypedData): ApprovalSummary {
  const { domain, types, primaryType, message } = request.typedData
  const permit = recognizePermit(request)
  const domainNodes: TreeNode[] = Object.entries(domain).map(([key, value]) => ({
    label: key,
    value: String(value),
  }))
  const sections: ApprovalSection[] = []
  if (permit)
    sections.push({ heading: permit.kind === 'Permit2' ? 'Permit2' : 'Permit', rows: permit.rows })
  sections.push({
    rows: [
      text('Type', primaryType),
      { label: 'Message', value: { kind: 'tree', nodes: structTree(types, primaryType, message) } },
      { label: 'Domain', value: { kind: 'tree', nodes: domainNodes } },
      { label: 'Types', value: { kind: 'tree', nodes: typesTree(types) } },
      ...chainRows(request.chainId, request.account),
    ],
  })
  return {
    title: permit ? 'Sign permit' : 'Sign typed data',
    warnings: permit?.warnings ?? [],
    sections,
  }
}

function describe(request: CanonicalRequest): ApprovalSummary {
  const symbol = nativeSymbol(request.chainId)
  switch (request.method) {
    case 'personal_sign':
      return {
        title: 'Sign message',
        warnings: [],
        sections: [
          {
            rows: [
              request.text === undefined
                ? block(
                    `Message (${(request.message.length - 2) / 2} bytes, not text)`,
                    request.message,
                  )
                : block('Message', request.text),
              ...chainRows(request.chainId, request.account),
            ],
          },
        ],
      }
    case 'eth_signTypedData_v4':
      return describeTypedData(request)
    case 'eth_sendTransaction': {
      const call = describeCall(request, symbol)
      // The network first: what moves, and where, is read before anything else.
      const [network, account] = chainRows(request.chainId, request.from)
      const rows = [
        ...(network ? [network] : []),
        ...call.rows,
        ...feeRows(
          request.gas === undefined ? undefined : BigInt(request.gas),
          request,
          BigInt(request.value),
          symbol,
        ),
        ...(account ? [account] : []),
      ]
      if (request.nonce !== undefined) rows.push(text('Nonce', String(BigInt(request.nonce))))
      return { title: 'Send transaction', warnings: call.warnings, sections: [{ rows }] }
    }
    case 'wallet_sendCalls': {
      const warnings: string[] = []
      const sections: ApprovalSection[] = request.calls.map((item, index) => {
        const call = describeCall(item, symbol)
        warnings.push(...call.warnings)
        return { heading: `Call ${index + 1} of ${request.calls.length}`, rows: call.rows }
      })
      const gas = request.calls.every((item) => item.gas !== undefined)
        ? request.calls.reduce((sum, item) => sum + BigInt(item.gas as string), 0n)
        : undefined
      const value = request.calls.reduce((sum, item) => sum + BigInt(item.value), 0n)
      sections.push({
        heading: 'All calls',
        rows: [
          text('Total value', formatNative(value, symbol)),
          ...feeRows(gas, request, value, symbol),
          ...chainRows(request.chainId, request.from),
        ],
      })
      const count = request.calls.length
      return { title: `Send ${count} ${count === 1 ? 'call' : 'calls'}`, warnings, sections }
    }
  }
}

function strings(summary: ApprovalSummary): string[] {
  const out: string[] = []
  const walk = (nodes: TreeNode[]) => {
    for (const node of nodes) {
      out.push(node.label, node.value ?? '')
      if (node.children) walk(node.children)
    }
  }
  for (const section of summary.sections)
    for (const row of section.rows) {
      out.push(row.label)
      if (row.value.kind === 'tree') walk(row.value.nodes)
      else out.push(row.value.text)
    }
  return out
}

/**
 * What the approval screen shows for a canonical request: a title naming what it is, rows for
 * what is signed or sent (whole, never clipped), the chain and account, and plain warnings
 * (unlimited approvals, approval for all, unreadable calldata or instructions, hidden characters).
 */
export function describeApproval(request: ApprovalRequest): ApprovalSummary {
  const summary = isSolanaRequest(request) ? describeSolana(request) : describe(request)
  if (strings(summary).some(hasHiddenCharacters)) summary.warnings.unshift(hiddenCharactersWarning)
  return summary
}
