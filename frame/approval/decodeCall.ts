import { decodeFunctionData, getAddress } from 'viem'
import { formatTokenAmount, unlimitedThreshold } from './formatAmount'
import { tokenAbi } from './tokenAbi'
import { type ApprovalRow, text } from './types'

/** A call the screen recognised: what it does, its rows and its warnings. */
export interface DecodedCall {
  action: string
  rows: ApprovalRow[]
  warnings: string[]
}

const address = (value: unknown) => getAddress(value as `0x${string}`)

/**
 * Decodes ERC-20 transfer/approve/increaseAllowance/transferFrom and ERC-721/1155
 * setApprovalForAll/safeTransferFrom calldata sent to `contract`; undefined for anything else.
 */
export function decodeCall(contract: string, data: `0x${string}`): DecodedCall | undefined {
  let decoded: ReturnType<typeof decodeFunctionData<typeof tokenAbi>>
  try {
    decoded = decodeFunctionData({ abi: tokenAbi, data })
  } catch {
    return undefined
  }
  const args = decoded.args as readonly unknown[]
  const token = text('Token contract', address(contract))
  switch (decoded.functionName) {
    case 'transfer':
      return {
        action: 'Transfer tokens',
        rows: [
          token,
          text('Recipient', address(args[0])),
          text('Amount', formatTokenAmount(args[1] as bigint)),
        ],
        warnings: [],
      }
    case 'approve':
    case 'increaseAllowance': {
      const amount = args[1] as bigint
      const unlimited = amount >= unlimitedThreshold
      return {
        action: decoded.functionName === 'approve' ? 'Approve spending' : 'Increase allowance',
        rows: [
          token,
          text('Spender', address(args[0])),
          text('Amount (or NFT id)', formatTokenAmount(amount)),
        ],
        warnings: unlimited
          ? [
              `Unlimited approval: ${address(args[0])} may move all of this token from your account, now and later, until you revoke it.`,
            ]
          : [],
      }
    }
    case 'transferFrom':
      return {
        action: 'Transfer from',
        rows: [
          token,
          text('From', address(args[0])),
          text('To', address(args[1])),
          text('Amount or NFT id', String(args[2])),
        ],
        warnings: [],
      }
    case 'setApprovalForAll': {
      const approved = args[1] as boolean
      return {
        action: approved ? 'Approve all tokens of a collection' : 'Revoke approval for all',
        rows: [
          token,
          text('Operator', address(args[0])),
          text('Approved', approved ? 'Yes' : 'No'),
        ],
        warnings: approved
          ? [
              `Approval for all: ${address(args[0])} may move every token of this collection from your account, now and later, until you revoke it.`,
            ]
          : [],
      }
    }
    case 'safeTransferFrom': {
      const rows = [
        token,
        text('From', address(args[0])),
        text('To', address(args[1])),
        text('Token id', String(args[2])),
      ]
      if (args.length === 5) rows.push(text('Amount', String(args[3])))
      return { action: 'Transfer NFT', rows, warnings: [] }
    }
    case 'safeBatchTransferFrom':
      return {
        action: 'Transfer NFTs',
        rows: [
          token,
          text('From', address(args[0])),
          text('To', address(args[1])),
          text('Token ids', (args[2] as bigint[]).join(', ')),
          text('Amounts', (args[3] as bigint[]).join(', ')),
        ],
        warnings: [],
      }
    default:
      return undefined
  }
}
