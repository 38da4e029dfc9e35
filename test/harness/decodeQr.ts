/**
 * A QR code reader for tests, written apart from the encoder (`src/qr/encodeQr.ts`) so that a
 * code the modal draws is checked by a second implementation of ISO/IEC 18004: format bits (with
 * their BCH code), function patterns, unmasking, the zigzag read, block de-interleaving, a
 * Reed–Solomon syndrome check of every block, and the byte-mode segment parser. Level M only
 * (the modal draws nothing else); anything else is refused with a thrown error.
 */

/** Reads the text of a QR code given as its module matrix (`modules[y][x]`, true for dark). */
export function decodeQr(modules: readonly (readonly boolean[])[]): string {
  const size = modules.length
  const version = (size - 17) / 4
  if (!Number.isInteger(version) || version < 1 || version > 40)
    throw new Error(`decodeQr: ${size} modules is no QR size`)
  const dark = (x: number, y: number) => modules[y]?.[x] === true
  const { level, mask } = readFormat(dark, size)
  if (level !== 'M') throw new Error(`decodeQr: level ${level} is not supported`)
  const reserved = functionModules(version, size)
  const bits: number[] = []
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j
        const upward = ((right + 1) & 2) === 0
        const y = upward ? size - 1 - vert : vert
        if (reserved[y]?.[x]) continue
        bits.push((dark(x, y) ? 1 : 0) ^ (masked(mask, x, y) ? 1 : 0))
      }
    }
  }
  const codewords: number[] = []
  for (let i = 0; i + 8 <= bits.length; i += 8)
    codewords.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0))
  return parseSegments(deinterleave(codewords, version), version)
}

/**
 * The module matrix of a QR code in an RGBA image (a screenshot): dark pixels are found, the
 * top-left finder's width (7 modules) gives the module size, and each module is sampled at its middle.
 */
export function readQrImage(rgba: Uint8Array, width: number, height: number): boolean[][] {
  const isDark = (x: number, y: number) => {
    const i = (y * width + x) * 4
    const luma =
      0.299 * (rgba[i] ?? 255) + 0.587 * (rgba[i + 1] ?? 255) + 0.114 * (rgba[i + 2] ?? 255)
    return luma < 128
  }
  let [left, top, right, bottom] = [width, height, -1, -1]
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (isDark(x, y)) {
        left = Math.min(left, x)
        right = Math.max(right, x)
        top = Math.min(top, y)
        bottom = Math.max(bottom, y)
      }
  if (right < 0) throw new Error('readQrImage: no dark pixel')
  // The finder's top edge is 7 dark modules wide: its run along a row a little below the top.
  const row = top + 1
  let run = 0
  while (left + run <= right && isDark(left + run, row)) run++
  const moduleSize = run / 7
  const size = Math.round((right - left + 1) / moduleSize)
  const step = (right - left + 1) / size
  const stepY = (bottom - top + 1) / size
  return Array.from({ length: size }, (_, my) =>
    Array.from({ length: size }, (_, mx) =>
      isDark(Math.floor(left + (mx + 0.5) * step), Math.floor(top + (my + 0.5) * stepY)),
    ),
  )
}

const levels = ['M', 'L', 'H', 'Q'] as const

function readFormat(dark: (x: number, y: number) => boolean, size: number) {
  let first = 0
  let second = 0
  const bit = (value: boolean, i: number) => (value ? 1 << i : 0)
  for (let i = 0; i <= 5; i++) first |= bit(dark(8, i), i)
  first |= bit(dark(8, 7), 6) | bit(dark(8, 8), 7) | bit(dark(7, 8), 8)
  for (let i = 9; i < 15; i++) first |= bit(dark(14 - i, 8), i)
  for (let i = 0; i < 8; i++) second |= bit(dark(size - 1 - i, 8), i)
  for (let i = 8; i < 15; i++) second |= bit(dark(8, size - 15 + i), i)
  let best = { distance: 99, data: 0 }
  for (let data = 0; data < 32; data++) {
    const word = formatWord(data)
    const distance = Math.min(popcount(word ^ first), popcount(word ^ second))
    if (distance < best.distance) best = { distance, data }
  }
  if (best.distance > 3) throw new Error('decodeQr: unreadable format bits')
  const level = levels[best.data >> 3] ?? 'M'
  return { level, mask: best.data & 7 }
}

/** The 15 format bits of 5 data bits: BCH(15,5) with generator 0x537, masked with 0x5412. */
function formatWord(data: number): number {
  let remainder = data << 10
  for (let degree = 14; degree >= 10; degree--)
    if (remainder & (1 << degree)) remainder ^= 0x537 << (degree - 10)
  return ((data << 10) | remainder) ^ 0x5412
}

function popcount(value: number): number {
  let count = 0
  for (let v = value; v; v &= v - 1) count++
  return count
}

function masked(mask: number, x: number, y: number): boolean {
  switch (mask) {
    case 0:
      return (x + y) % 2 === 0
    case 1:
      return y % 2 === 0
    case 2:
      return x % 3 === 0
    case 3:
      return (x + y) % 3 === 0
    case 4:
      return (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0
    case 5:
      return ((x * y) % 2) + ((x * y) % 3) === 0
    case 6:
      return (((x * y) % 2) + ((x * y) % 3)) % 2 === 0
    default:
      return (((x + y) % 2) + ((x * y) % 3)) % 2 === 0
  }
}

function alignmentCentres(version: number, size: number): number[] {
  if (version === 1) return []
  const count = Math.floor(version / 7) + 2
  const step = version === 32 ? 26 : Math.ceil((size - 13) / (count * 2 - 2)) * 2
  const centres = [6]
  for (let position = size - 7; centres.length < count; position -= step)
    centres.splice(1, 0, position)
  return centres
}

/** Which modules are not data: finders with separators and format areas, timing, alignment, version. */
function functionModules(version: number, size: number): boolean[][] {
  const reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
  const mark = (x: number, y: number) => {
    const row = reserved[y]
    if (row && x >= 0 && x < size) row[x] = true
  }
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const nearTop = y < 9
      if ((nearTop && x < 9) || (nearTop && x >= size - 8) || (y >= size - 8 && x < 9)) mark(x, y)
      if (x === 6 || y === 6) mark(x, y)
    }
  const centres = alignmentCentres(version, size)
  const last = centres.length - 1
  centres.forEach((cy, i) => {
    centres.forEach((cx, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) mark(cx + dx, cy + dy)
    })
  })
  if (version >= 7)
    for (let a = 0; a < 6; a++)
      for (let b = size - 11; b < size - 8; b++) {
        mark(b, a)
        mark(a, b)
      }
  return reserved
}

// Level M: error correction codewords per block and number of blocks, by version (ISO table 9).
const eccM = [
  10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
]
const blocksM = [
  1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26,
  28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
]

/** The data codewords in order, after checking every block's Reed–Solomon syndromes are zero. */
function deinterleave(codewords: number[], version: number): number[] {
  const ecc = eccM[version - 1] ?? 0
  const blocks = blocksM[version - 1] ?? 1
  const total = codewords.length
  const shortLength = Math.floor(total / blocks)
  const shortBlocks = blocks - (total % blocks)
  const dataLength = (b: number) => shortLength - ecc + (b < shortBlocks ? 0 : 1)
  const data: number[][] = Array.from({ length: blocks }, () => [])
  const check: number[][] = Array.from({ length: blocks }, () => [])
  let k = 0
  for (let i = 0; i < shortLength - ecc + 1; i++)
    for (let b = 0; b < blocks; b++) if (i < dataLength(b)) data[b]?.push(codewords[k++] ?? 0)
  for (let i = 0; i < ecc; i++) for (let b = 0; b < blocks; b++) check[b]?.push(codewords[k++] ?? 0)
  data.forEach((block, b) => {
    const word = [...block, ...(check[b] ?? [])]
    for (let j = 0; j < ecc; j++)
      if (evaluate(word, exp[j] ?? 1) !== 0)
        throw new Error(`decodeQr: block ${b} fails its Reed–Solomon check`)
  })
  return data.flat()
}

// GF(256) over x^8 + x^4 + x^3 + x^2 + 1, by log tables.
const exp = new Array<number>(512)
const log = new Array<number>(256).fill(0)
for (let i = 0, value = 1; i < 255; i++) {
  exp[i] = value
  log[value] = i
  value <<= 1
  if (value & 0x100) value ^= 0x11d
}
for (let i = 255; i < 512; i++) exp[i] = exp[i - 255] ?? 0
const multiply = (a: number, b: number) =>
  a === 0 || b === 0 ? 0 : (exp[(log[a] ?? 0) + (log[b] ?? 0)] ?? 0)

/** The polynomial with coefficients `word` (highest degree first) at `x` (Horner). */
function evaluate(word: number[], x: number): number {
  return word.reduce((sum, coefficient) => multiply(sum, x) ^ coefficient, 0)
}

function parseSegments(data: number[], version: number): string {
  let position = 0
  const read = (count: number) => {
    let value = 0
    for (let i = 0; i < count; i++) {
      const byte = data[(position + i) >> 3] ?? 0
      value = (value << 1) | ((byte >> (7 - ((position + i) & 7))) & 1)
    }
    position += count
    return value
  }
  const bytes: number[] = []
  while (position + 4 <= data.length * 8) {
    const mode = read(4)
    if (mode === 0) break
    if (mode !== 0b0100) throw new Error(`decodeQr: mode ${mode} is not supported`)
    const length = read(version <= 9 ? 8 : 16)
    for (let i = 0; i < length; i++) bytes.push(read(8))
  }
  return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes))
}
