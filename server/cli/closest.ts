/** Levenshtein distance between two short strings. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    previous = current
  }
  return previous[b.length] ?? 0
}

/**
 * The candidate closest to `input` (at most a third of its length away, at least 2; or one
 * being the start of the other, like `smtp-url` and `smtp`), if any. camelCase input is compared
 * as kebab-case, so an option name (`masterKey`) finds its flag (`master-key`).
 */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  const typed = input.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()
  const limit = Math.max(2, Math.floor(typed.length / 3))
  let best: { candidate: string; distance: number } | undefined
  for (const candidate of candidates) {
    const prefix =
      Math.min(typed.length, candidate.length) >= 3 &&
      (typed.startsWith(candidate) || candidate.startsWith(typed))
    const distance = prefix ? 1 : editDistance(typed, candidate)
    if (distance <= limit && (!best || distance < best.distance)) best = { candidate, distance }
  }
  return best?.candidate
}
