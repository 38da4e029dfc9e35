const finderLike = [
  [true, false, true, true, true, false, true, false, false, false, false],
  [false, false, false, false, true, false, true, true, true, false, true],
]

function linePenalty(line: readonly boolean[]): number {
  let score = 0
  let run = 1
  for (let i = 1; i <= line.length; i++) {
    if (i < line.length && line[i] === line[i - 1]) run++
    else {
      if (run >= 5) score += run - 2
      run = 1
    }
  }
  for (let i = 0; i + 11 <= line.length; i++)
    for (const pattern of finderLike)
      if (pattern.every((dark, k) => line[i + k] === dark)) score += 40
  return score
}

/**
 * The mask penalty of ISO/IEC 18004 §7.8.3 (runs, 2×2 blocks, finder-like patterns, dark
 * balance): the encoder keeps the mask that scores lowest.
 */
export function qrPenalty(modules: readonly (readonly boolean[])[]): number {
  const size = modules.length
  let score = 0
  let dark = 0
  for (let y = 0; y < size; y++) {
    const row = modules[y] ?? []
    score += linePenalty(row)
    score += linePenalty(modules.map((r) => r[y] ?? false))
    for (let x = 0; x < size; x++) {
      if (row[x]) dark++
      if (x + 1 < size && y + 1 < size) {
        const next = modules[y + 1] ?? []
        const color = row[x]
        if (row[x + 1] === color && next[x] === color && next[x + 1] === color) score += 3
      }
    }
  }
  const total = size * size
  score += (Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1) * 10
  return score
}
