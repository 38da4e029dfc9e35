/**
 * JSON-RPC ids as raw text. WalletConnect ids are 19-digit integers, above 2^53, so
 * `JSON.parse` rounds them; the relay keeps the id's source text and splices it back into
 * every response, byte for byte.
 * @see https://www.jsonrpc.org/specification#response_object
 */

const whitespace = new Set([' ', '\t', '\n', '\r'])

function skipWhitespace(text: string, from: number): number {
  let i = from
  while (i < text.length && whitespace.has(text[i] as string)) i++
  return i
}

/** Index just past the JSON string that starts at `from` (a `"`). */
function endOfString(text: string, from: number): number {
  let i = from + 1
  while (i < text.length) {
    const char = text[i]
    if (char === '\\') i += 2
    else if (char === '"') return i + 1
    else i++
  }
  return -1
}

/** Index just past the JSON value that starts at `from`. */
function endOfValue(text: string, from: number): number {
  const first = text[from]
  if (first === '"') return endOfString(text, from)
  if (first === '{' || first === '[') {
    let depth = 0
    let i = from
    while (i < text.length) {
      const char = text[i]
      if (char === '"') {
        i = endOfString(text, i)
        if (i < 0) return -1
        continue
      }
      if (char === '{' || char === '[') depth++
      else if (char === '}' || char === ']') {
        depth--
        if (depth === 0) return i + 1
      }
      i++
    }
    return -1
  }
  let i = from
  while (i < text.length && !/[\s,}\]]/.test(text[i] as string)) i++
  return i > from ? i : -1
}

/**
 * The source text of the top-level `"id"` member of a JSON object (`1734567890123456789`,
 * `"abc"`, `null`), or `undefined` when the frame is not an object or has no id.
 */
export function extractRawId(frame: string): string | undefined {
  let i = skipWhitespace(frame, 0)
  if (frame[i] !== '{') return undefined
  i = skipWhitespace(frame, i + 1)
  let found: string | undefined
  while (i < frame.length && frame[i] !== '}') {
    if (frame[i] !== '"') return undefined
    const keyEnd = endOfString(frame, i)
    if (keyEnd < 0) return undefined
    const key = JSON.parse(frame.slice(i, keyEnd)) as string
    i = skipWhitespace(frame, keyEnd)
    if (frame[i] !== ':') return undefined
    const valueStart = skipWhitespace(frame, i + 1)
    const valueEnd = endOfValue(frame, valueStart)
    if (valueEnd < 0) return undefined
    // The last duplicate key wins, as in JSON.parse.
    if (key === 'id') found = frame.slice(valueStart, valueEnd)
    i = skipWhitespace(frame, valueEnd)
    if (frame[i] === ',') i = skipWhitespace(frame, i + 1)
  }
  return found
}

/** A JSON-RPC result frame carrying the request's id text unchanged. */
export function resultFrame(rawId: string, result: unknown): string {
  return `{"id":${rawId},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`
}

/** A JSON-RPC error frame carrying the request's id text unchanged (`null` when unknown). */
export function errorFrame(rawId: string | undefined, code: number, message: string): string {
  return `{"id":${rawId ?? 'null'},"jsonrpc":"2.0","error":${JSON.stringify({ code, message })}}`
}

/** A JSON-RPC request frame with an id given as text (so it can exceed 2^53). */
export function requestFrame(rawId: string, method: string, params: unknown): string {
  return `{"id":${rawId},"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`
}

/**
 * The id an answer refers to, for matching. Core 2.21.8 parses our 19-digit ids into BigInt and
 * writes them back in its safe-json form, a string with an `n` suffix (`"1795…000n"`), so
 * `1795…000`, `"1795…000"` and `"1795…000n"` all name the same request.
 */
export function idKey(rawId: string): string {
  const match = /^"?(-?\d+)n?"?$/.exec(rawId)
  return match?.[1] ?? rawId
}
