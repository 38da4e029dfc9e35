// Test fixture: a USDT-style ERC-20 written with our own assembler (./assemble.ts). Like Tether's
// token, `transfer`, `transferFrom` and `approve` return NOTHING (no bool), which is what a
// client's "alternative transfer interface" (SPEC §9) has to cope with. 6 decimals.
//
// Storage: the balance of an address sits at the slot equal to the address; the allowance of
// (owner, spender) at keccak256(owner ‖ spender), both words of 32 bytes. Short calldata reads
// zeros (so it reverts on an empty amount only by balance); no overflow checks on credit (the
// supply is minted once, far below 2^256).
import { type Abi, parseAbi } from 'viem'
import { type AsmItem, assemble, creationCode } from './assemble'

/** The token's ABI: note the write functions have no outputs. */
export const usdtStyleTokenAbi = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function transfer(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
]) satisfies Abi

const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const approvalTopic = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
const addressMask: AsmItem[] = [{ push: (1n << 160n) - 1n }, 'AND']
const word = (offset: number): AsmItem[] => [{ push: offset }, 'CALLDATALOAD']

const selectors: [string, `0x${string}`][] = [
  ['balanceOf', '0x70a08231'],
  ['transfer', '0xa9059cbb'],
  ['transferFrom', '0x23b872dd'],
  ['approve', '0x095ea7b3'],
  ['allowance', '0xdd62ed3e'],
  ['decimals', '0x313ce567'],
]

// Stack comments list the stack bottom → top.
const runtime: AsmItem[] = [
  'CALLVALUE',
  { ref: 'fail' },
  'JUMPI', // not payable
  ...word(0),
  { push: 0xe0 },
  'SHR', // [selector]
  ...selectors.flatMap(([name, selector]): AsmItem[] => [
    'DUP1',
    { push: selector },
    'EQ',
    { ref: name },
    'JUMPI',
  ]),
  { label: 'fail' },
  { push: 0 },
  'DUP1',
  'REVERT',

  { label: 'balanceOf' },
  ...word(4),
  ...addressMask,
  'SLOAD',
  { ref: 'returnWord' },
  'JUMP',

  { label: 'decimals' },
  { push: 6 },
  { ref: 'returnWord' },
  'JUMP',

  { label: 'allowance' },
  ...word(4),
  ...addressMask,
  { push: 0 },
  'MSTORE',
  ...word(36),
  ...addressMask,
  { push: 32 },
  'MSTORE',
  { push: 64 },
  { push: 0 },
  'SHA3',
  'SLOAD',
  { label: 'returnWord' }, // [value] → return it as one word
  { push: 0 },
  'MSTORE',
  { push: 32 },
  { push: 0 },
  'RETURN',

  { label: 'transfer' },
  'CALLER',
  ...word(4),
  ...addressMask,
  ...word(36), // [from, to, amount]
  { ref: 'move' },
  'JUMP',

  { label: 'transferFrom' },
  ...word(4),
  ...addressMask, // [from]
  'DUP1',
  { push: 0 },
  'MSTORE',
  'CALLER',
  { push: 32 },
  'MSTORE',
  { push: 64 },
  { push: 0 },
  'SHA3', // [from, key]
  'DUP1',
  'SLOAD', // [from, key, allowed]
  ...word(68), // [from, key, allowed, amount]
  'DUP1',
  'DUP3',
  'LT', // allowed < amount
  { ref: 'fail' },
  'JUMPI',
  'SWAP1',
  'SUB', // [from, key, allowed - amount]
  'SWAP1',
  'SSTORE', // [from]
  ...word(36),
  ...addressMask,
  ...word(68), // [from, to, amount]
  { ref: 'move' },
  'JUMP',

  { label: 'move' }, // [from, to, amount]: debit, credit, log Transfer, return nothing
  'DUP3',
  'SLOAD', // [from, to, amount, fromBalance]
  'DUP2',
  'DUP2',
  'LT', // fromBalance < amount
  { ref: 'fail' },
  'JUMPI',
  'DUP2',
  'SWAP1',
  'SUB', // [from, to, amount, fromBalance - amount]
  'DUP4',
  'SSTORE', // [from, to, amount]
  'DUP2',
  'SLOAD',
  'DUP2',
  'ADD', // [from, to, amount, toBalance + amount]
  'DUP3',
  'SSTORE', // [from, to, amount]
  { push: 0 },
  'MSTORE', // mem[0] = amount; [from, to]
  'SWAP1', // [to, from]
  { push: transferTopic },
  { push: 32 },
  { push: 0 },
  'LOG3',
  'STOP',

  { label: 'approve' },
  'CALLER',
  { push: 0 },
  'MSTORE',
  ...word(4),
  ...addressMask, // [spender]
  'DUP1',
  { push: 32 },
  'MSTORE',
  ...word(36), // [spender, amount]
  'DUP1',
  { push: 64 },
  { push: 0 },
  'SHA3',
  'SSTORE', // [spender, amount]
  { push: 0 },
  'MSTORE', // mem[0] = amount; [spender]
  'CALLER', // [spender, owner]
  { push: approvalTopic },
  { push: 32 },
  { push: 0 },
  'LOG3',
  'STOP',
]

/** The runtime code of the USDT-style token. */
export const usdtStyleTokenRuntime = assemble(runtime)

/** Creation code that mints `supply` (base units) to the deployer and logs the mint. */
export function usdtStyleTokenCreationCode(supply: bigint): `0x${string}` {
  return creationCode(
    [
      { push: supply },
      'DUP1',
      'CALLER',
      'SSTORE', // balance[deployer] = supply; [supply]
      { push: 0 },
      'MSTORE', // mem[0] = supply
      'CALLER',
      { push: 0 },
      { push: transferTopic },
      { push: 32 },
      { push: 0 },
      'LOG3', // Transfer(0x0, deployer, supply)
    ],
    usdtStyleTokenRuntime,
  )
}
