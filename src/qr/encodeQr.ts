/**
 * A small QR code encoder (ISO/IEC 18004, byte mode, error correction M), written for the
 * WalletConnect view (pairing URIs are about 200 ASCII characters, so byte mode is all we need)
 * and used by the wallet frame for an authenticator app's otpauth URI. The modal loads it with
 * `import()` only when a QR code is shown.
 */
import { qrPenalty } from './qrPenalty'

/** A QR code: `size` × `size` modules, true for dark. */
export interface QrMatrix {
  size: number
  /** Row-major: `modules[y][x]`. */
  modules: boolean[][]
}

// Error correction level M, by version (index 0 unused).
const eccPerBlock = [
  -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
]
const blockCount = [
  -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25,
  26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
]
// Format bits of level M.
const eclFormatBits = 0

const at = (list: readonly number[], index: number) => list[index] ?? 0

function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2
    result -= (25 * align - 10) * align - 55
    if (version >= 7) result -= 36
  }
  return result
}

const dataCodewords = (version: number) =>
  Math.floor(rawDataModules(version) / 8) - at(eccPerBlock, version) * at(blockCount, version)

// GF(2^8) with the polynomial 0x11D.
function gfMultiply(x: number, y: number): number {
  let z = 0
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d)
    z ^= ((y >>> i) & 1) * x
  }
  return z & 0xff
}

function rsDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0)
  result[degree - 1] = 1
  let root = 1
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(at(result, j), root) ^ at(result, j + 1)
    }
    root = gfMultiply(root, 0x02)
  }
  return result
}

function rsRemainder(data: readonly number[], divisor: readonly number[]): number[] {
  const result = new Array<number>(divisor.length).fill(0)
  for (const byte of data) {
    const factor = byte ^ at(result, 0)
    result.shift()
    result.push(0)
    divisor.forEach((coefficient, i) => {
      result[i] = at(result, i) ^ gfMultiply(coefficient, factor)
    })
  }
  return result
}

function codewords(bytes: Uint8Array): { version: number; words: number[] } {
  let version = 1
  for (; version <= 40; version++) {
    const countBits = version <= 9 ? 8 : 16
    if (
      bytes.length < 2 ** countBits &&
      4 + countBits + bytes.length * 8 <= dataCodewords(version) * 8
    )
      break
  }
  if (version > 40) return { version: 0, words: [] }
  const bits: number[] = []
  const append = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1)
  }
  append(0b0100, 4)
  append(bytes.length, version <= 9 ? 8 : 16)
  for (const byte of bytes) append(byte, 8)
  const capacity = dataCodewords(version) * 8
  append(0, Math.min(4, capacity - bits.length))
  append(0, (8 - (bits.length % 8)) % 8)
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) append(pad, 8)
  const data: number[] = []
  for (let i = 0; i < bits.length; i += 8)
    data.push(bits.slice(i, i + 8).reduce((a, b) => a * 2 + b, 0))

  // Split into blocks, add error correction, interleave.
  const blocks = at(blockCount, version)
  const eccLength = at(eccPerBlock, version)
  const raw = Math.floor(rawDataModules(version) / 8)
  const shortBlocks = blocks - (raw % blocks)
  const shortLength = Math.floor(raw / blocks)
  const divisor = rsDivisor(eccLength)
  const parts: number[][] = []
  for (let i = 0, k = 0; i < blocks; i++) {
    const length = shortLength - eccLength + (i < shortBlocks ? 0 : 1)
    const block = data.slice(k, k + length)
    k += length
    const ecc = rsRemainder(block, divisor)
    if (i < shortBlocks) block.push(0)
    parts.push([...block, ...ecc])
  }
  const words: number[] = []
  for (let i = 0; i < (parts[0]?.length ?? 0); i++) {
    parts.forEach((block, j) => {
      if (i !== shortLength - eccLength || j >= shortBlocks) words.push(at(block, i))
    })
  }
  return { version, words }
}

function alignmentPositions(version: number, size: number): number[] {
  if (version === 1) return []
  const count = Math.floor(version / 7) + 2
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2
  const result = [6]
  for (let position = size - 7; result.length < count; position -= step)
    result.splice(1, 0, position)
  return result
}

const masks: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
]

function build(version: number, words: readonly number[], mask: number): boolean[][] {
  const size = version * 4 + 17
  const modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
  const fixed = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
  const set = (x: number, y: number, dark: boolean) => {
    const row = modules[y]
    const fixedRow = fixed[y]
    if (!row || !fixedRow || x < 0 || x >= size) return
    row[x] = dark
    fixedRow[x] = true
  }
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0)
    set(i, 6, i % 2 === 0)
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++)
      for (let dx = -4; dx <= 4; dx++) {
        const distance = Math.max(Math.abs(dx), Math.abs(dy))
        if (cy + dy >= 0 && cy + dy < size) set(cx + dx, cy + dy, distance !== 2 && distance !== 4)
      }
  }
  const positions = alignmentPositions(version, size)
  const last = positions.length - 1
  positions.forEach((cx, i) => {
    positions.forEach((cy, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++)
          set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1)
    })
  })

  // Format bits (level M and the mask), with their BCH code.
  const format = (eclFormatBits << 3) | mask
  let remainder = format
  for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537)
  const formatBits = ((format << 10) | remainder) ^ 0x5412
  const bit = (value: number, i: number) => ((value >>> i) & 1) !== 0
  for (let i = 0; i <= 5; i++) set(8, i, bit(formatBits, i))
  set(8, 7, bit(formatBits, 6))
  set(8, 8, bit(formatBits, 7))
  set(7, 8, bit(formatBits, 8))
  for (let i = 9; i < 15; i++) set(14 - i, 8, bit(formatBits, i))
  for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(formatBits, i))
  for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(formatBits, i))
  set(8, size - 8, true)

  if (version >= 7) {
    let rem = version
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25)
    const versionBits = (version << 12) | rem
    for (let i = 0; i < 18; i++) {
      const a = size - 11 + (i % 3)
      const b = Math.floor(i / 3)
      set(a, b, bit(versionBits, i))
      set(b, a, bit(versionBits, i))
    }
  }

  // Data in the zigzag order, then the mask over everything that is not a function pattern.
  let i = 0
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5
    for (let vertical = 0; vertical < size; vertical++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j
        const upward = ((right + 1) & 2) === 0
        const y = upward ? size - 1 - vertical : vertical
        const row = modules[y]
        if (!row || fixed[y]?.[x]) continue
        if (i < words.length * 8) {
          row[x] = bit(at(words, i >>> 3), 7 - (i & 7))
          i++
        }
      }
    }
  }
  const apply = masks[mask] ?? masks[0]
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const row = modules[y]
      if (row && !fixed[y]?.[x] && apply?.(x, y)) row[x] = !row[x]
    }
  return modules
}

/**
 * Encodes text (UTF-8, byte mode, level M) as a QR code; picks the mask with the lowest
 * penalty unless `mask` (0–7) is given. Undefined when the text does not fit version 40.
 */
export function encodeQr(text: string, mask?: number): QrMatrix | undefined {
  const { version, words } = codewords(new TextEncoder().encode(text))
  if (version === 0) return undefined
  const size = version * 4 + 17
  if (mask !== undefined) return { size, modules: build(version, words, mask) }
  let best: boolean[][] | undefined
  let bestScore = Number.POSITIVE_INFINITY
  for (let candidate = 0; candidate < 8; candidate++) {
    const modules = build(version, words, candidate)
    const score = qrPenalty(modules)
    if (score < bestScore) {
      best = modules
      bestScore = score
    }
  }
  return best ? { size, modules: best } : undefined
}
