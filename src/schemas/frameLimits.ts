/** Size limits on anything crossing the frame channel (DESIGN.md "frame channel"). */
export const frameLimits = {
  /** Longest string anywhere in a message, in UTF-16 code units (64 KB). */
  maxStringLength: 64 * 1024,
  /** Deepest nesting of objects and arrays in a message. */
  maxDepth: 32,
  /** Most values (objects, arrays, leaves) in one message. */
  maxNodes: 100_000,
} as const

/** Whether a value is a plain object (any realm), as `postMessage` delivers them. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  if (Object.prototype.toString.call(value) !== '[object Object]') return false
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === null || Object.getPrototypeOf(proto) === null
}

/**
 * Checks that a value is JSON-like (null, booleans, finite numbers, strings, arrays, plain
 * objects, `undefined`) within {@link frameLimits}; returns the problem, or undefined when fine.
 */
export function checkFrameValue(value: unknown): string | undefined {
  const stack: [unknown, number][] = [[value, 0]]
  let nodes = 0
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number]
    if (++nodes > frameLimits.maxNodes) return `More than ${frameLimits.maxNodes} values.`
    if (current === null || current === undefined || typeof current === 'boolean') continue
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return 'Numbers must be finite.'
      continue
    }
    if (typeof current === 'string') {
      if (current.length > frameLimits.maxStringLength)
        return `A string is longer than ${frameLimits.maxStringLength} characters.`
      continue
    }
    if (depth >= frameLimits.maxDepth) return `Nested deeper than ${frameLimits.maxDepth} levels.`
    if (Array.isArray(current)) {
      for (const item of current) stack.push([item, depth + 1])
      continue
    }
    if (!isPlainObject(current)) return `Unsupported value of type ${describe(current)}.`
    for (const key of Object.keys(current)) {
      if (key.length > frameLimits.maxStringLength)
        return `A key is longer than ${frameLimits.maxStringLength} characters.`
      stack.push([current[key], depth + 1])
    }
  }
  return undefined
}

function describe(value: unknown): string {
  if (typeof value !== 'object' || value === null) return typeof value
  return Object.prototype.toString.call(value).slice(8, -1)
}
