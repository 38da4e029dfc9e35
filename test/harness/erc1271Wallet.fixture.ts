import type { Address, Hex } from 'viem'

// Test fixture: a minimal ERC-1271 wallet written as raw EVM bytecode (no compiler here).
// isValidSignature(bytes32 hash, bytes sig) returns 0x1626ba7e iff ecrecover(hash, sig) is the
// owner baked into the code, else 0xffffffff; any other selector reverts. Standard ABI layout
// is assumed: sig length at 0x44, r at 0x64, s at 0x84, v (one byte) at 0xa4.

type Op = string | { label: string } | { jump: string }

const ops = (owner: Address): Op[] => [
  '6000',
  '35',
  '60e0',
  '1c', //          selector = calldata[0:4]
  '631626ba7e',
  '14',
  { jump: 'ok' },
  '57', // if selector == isValidSignature → ok
  '6000',
  '80',
  'fd', //                   revert(0, 0)
  { label: 'ok' },
  '5b',
  '6004',
  '35',
  '6000',
  '52', //           mem[0x00] = hash
  '60a4',
  '35',
  '60f8',
  '1c',
  '6020',
  '52', // mem[0x20] = v (first byte at 0xa4)
  '6064',
  '35',
  '6040',
  '52', //           mem[0x40] = r
  '6084',
  '35',
  '6060',
  '52', //           mem[0x60] = s
  '6020',
  '6080',
  '6080',
  '6000',
  '6001',
  '5a',
  'fa',
  '50', // staticcall(gas, 1, 0, 0x80, 0x80, 0x20)
  '6080',
  '51',
  `73${owner.slice(2).toLowerCase()}`,
  '14', // mem[0x80] == owner
  { jump: 'good' },
  '57',
  '63ffffffff',
  '60e0',
  '1b',
  '6000',
  '52',
  '6020',
  '6000',
  'f3', // return 0xffffffff
  { label: 'good' },
  '5b',
  '631626ba7e',
  '60e0',
  '1b',
  '6000',
  '52',
  '6020',
  '6000',
  'f3', // return 0x1626ba7e
]

function assemble(list: Op[]): string {
  // Two passes: labels get byte offsets, jumps become PUSH1 <offset>.
  const labels = new Map<string, number>()
  let size = 0
  for (const op of list) {
    if (typeof op === 'string') size += op.length / 2
    else if ('label' in op) labels.set(op.label, size)
    else size += 2
  }
  return list
    .map((op) => {
      if (typeof op === 'string') return op
      if ('label' in op) return ''
      return `60${(labels.get(op.jump) ?? 0).toString(16).padStart(2, '0')}`
    })
    .join('')
}

/** Runtime code of the wallet for `owner`. */
export function erc1271WalletRuntime(owner: Address): Hex {
  return `0x${assemble(ops(owner))}`
}

/** Creation code: copies the runtime that follows an 11-byte header and returns it. */
export function erc1271WalletInitCode(owner: Address): Hex {
  const runtime = erc1271WalletRuntime(owner).slice(2)
  const length = (runtime.length / 2).toString(16).padStart(2, '0')
  return `0x60${length}80600b6000396000f3${runtime}`
}
