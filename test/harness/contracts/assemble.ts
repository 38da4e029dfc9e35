// A tiny EVM assembler for hand-written test contracts (there is no Solidity compiler here and
// solc-js is GPL). It knows only the opcodes the fixtures use; a typo is an error, not a byte.

/** One item of a program: an opcode, a push of a value, a jump target, or a push of one. */
export type AsmItem =
  | string
  | { push: bigint | number | `0x${string}`; bytes?: number }
  | { label: string }
  | { ref: string }
  | { data: `0x${string}` }

const opcodes: Record<string, number> = {
  STOP: 0x00,
  ADD: 0x01,
  SUB: 0x03,
  LT: 0x10,
  GT: 0x11,
  EQ: 0x14,
  ISZERO: 0x15,
  AND: 0x16,
  SHR: 0x1c,
  SHA3: 0x20,
  CALLER: 0x33,
  CALLVALUE: 0x34,
  CALLDATALOAD: 0x35,
  CALLDATASIZE: 0x36,
  CODECOPY: 0x39,
  POP: 0x50,
  MLOAD: 0x51,
  MSTORE: 0x52,
  SLOAD: 0x54,
  SSTORE: 0x55,
  JUMP: 0x56,
  JUMPI: 0x57,
  JUMPDEST: 0x5b,
  DUP1: 0x80,
  DUP2: 0x81,
  DUP3: 0x82,
  DUP4: 0x83,
  SWAP1: 0x90,
  SWAP2: 0x91,
  LOG3: 0xa3,
  RETURN: 0xf3,
  REVERT: 0xfd,
}

const hexByte = (value: number) => value.toString(16).padStart(2, '0')

/** The big-endian bytes of a push value, at least `bytes` long. */
function pushBytes(value: bigint | number | `0x${string}`, bytes = 0): string {
  const big = typeof value === 'string' ? BigInt(value) : BigInt(value)
  if (big < 0n) throw new RangeError(`assemble: negative push ${big}`)
  let hex = big.toString(16)
  if (hex.length % 2) hex = `0${hex}`
  const width = Math.max(bytes, hex.length / 2, 1)
  if (width > 32) throw new RangeError(`assemble: push of ${width} bytes`)
  return hex.padStart(width * 2, '0')
}

/**
 * Assembles `items` into bytecode. `{ label }` is a JUMPDEST; `{ ref }` pushes that label's
 * offset as two bytes (so every offset is known before labels are placed); `{ data }` is raw
 * bytes (constants to CODECOPY, placed after the last instruction).
 */
export function assemble(items: readonly AsmItem[]): `0x${string}` {
  const labels = new Map<string, number>()
  const sizeOf = (item: AsmItem): number => {
    if (typeof item === 'string') return 1
    if ('label' in item) return 1
    if ('ref' in item) return 3
    if ('data' in item) return (item.data.length - 2) / 2
    return 1 + pushBytes(item.push, item.bytes).length / 2
  }
  let offset = 0
  for (const item of items) {
    if (typeof item === 'object' && 'label' in item) {
      if (labels.has(item.label)) throw new Error(`assemble: label ${item.label} twice`)
      labels.set(item.label, offset)
    }
    offset += sizeOf(item)
  }
  let code = ''
  for (const item of items) {
    if (typeof item === 'string') {
      const op = opcodes[item]
      if (op === undefined) throw new Error(`assemble: unknown opcode ${item}`)
      code += hexByte(op)
    } else if ('label' in item) {
      code += hexByte(0x5b)
    } else if ('ref' in item) {
      const target = labels.get(item.ref)
      if (target === undefined) throw new Error(`assemble: no label ${item.ref}`)
      code += `61${pushBytes(target, 2)}`
    } else if ('data' in item) {
      code += item.data.slice(2)
    } else {
      const data = pushBytes(item.push, item.bytes)
      code += hexByte(0x5f + data.length / 2) + data
    }
  }
  return `0x${code}`
}

/**
 * Creation code that returns `runtime` as the contract's code, after running `setup` (which must
 * leave the stack empty).
 */
export function creationCode(setup: readonly AsmItem[], runtime: `0x${string}`): `0x${string}` {
  const length = (runtime.length - 2) / 2
  const tail = (at: number): AsmItem[] => [
    { push: length, bytes: 2 },
    'DUP1',
    { push: at, bytes: 2 },
    { push: 0 },
    'CODECOPY', // mem[0..length] = runtime
    { push: 0 },
    'RETURN',
  ]
  const head = assemble([...setup, ...tail(0)])
  const start = (head.length - 2) / 2
  return `${assemble([...setup, ...tail(start)])}${runtime.slice(2)}`
}
