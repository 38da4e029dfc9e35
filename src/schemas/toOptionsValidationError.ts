import type * as z from 'zod/mini'
import { OptionsValidationError } from '../errors/OptionsValidationError'

type Issue = z.core.$ZodIssue

// Issues are turned into our own sentences: zod's wording ('Invalid input: expected …') changes
// between versions, and the messages are part of our public surface (inline-snapshotted).

function describeInput(input: unknown): string {
  if (input === null) return 'null'
  if (Array.isArray(input)) return 'array'
  if (typeof input === 'number' && Number.isNaN(input)) return 'NaN'
  return typeof input
}

function quote(value: unknown): string {
  // a host's object may have a `toString` that is not callable or throws: then its kind
  let text: string
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : String(value)
  } catch {
    text = describeInput(value)
  }
  return text.length > 40 ? `${text.slice(0, 39)}…` : text
}

function expectation(issue: Issue): string | undefined {
  if (issue.code === 'invalid_type') return issue.expected
  if (issue.code === 'invalid_value') return issue.values.map(quote).join(' | ')
  return undefined
}

function plural(count: number | bigint, unit: string): string {
  return `${count} ${unit}${count === 1 || count === 1n ? '' : 's'}`
}

function sizeReason(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>): string {
  const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum
  const word = issue.code === 'too_small' ? 'at least' : 'at most'
  if (issue.origin === 'string') return `Expected ${word} ${plural(bound, 'character')}.`
  if (issue.origin === 'array') return `Expected ${word} ${plural(bound, 'item')}.`
  const inclusive = issue.inclusive !== false
  const operator = issue.code === 'too_small' ? (inclusive ? '>=' : '>') : inclusive ? '<=' : '<'
  return `Expected a number ${operator} ${bound}, received ${quote(issue.input)}.`
}

// A union of simple alternatives reads 'Expected array or false'; a union where one branch got
// further (e.g. a list with one bad entry) reports that branch's deeper issue instead.
function unionIssue(issue: Extract<Issue, { code: 'invalid_union' }>): Issue {
  const firsts = issue.errors.map((branch) => branch[0]).filter((first) => first !== undefined)
  const deepest = firsts.reduce<Issue | undefined>(
    (best, first) => (first.path.length > (best?.path.length ?? 0) ? first : best),
    undefined,
  )
  if (deepest) return { ...deepest, path: [...issue.path, ...deepest.path] }
  const expected = firsts.map(expectation)
  if (expected.length === 0 || expected.some((item) => item === undefined)) return issue
  return {
    code: 'custom',
    path: issue.path,
    input: issue.input,
    message: `Expected ${expected.join(' or ')}, received ${describeInput(issue.input)}.`,
  }
}

function reason(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return `Expected integer, received ${quote(issue.input)}.`
      return `Expected ${issue.expected}, received ${describeInput(issue.input)}.`
    case 'invalid_value':
      return `Expected ${expectation(issue)}, received ${quote(issue.input)}.`
    case 'too_small':
    case 'too_big':
      return sizeReason(issue)
    case 'invalid_key': {
      // A record key that failed its check: that check's own message says what was expected.
      const inner = issue.issues[0]
      return inner ? reason(inner) : 'Invalid key.'
    }
    default:
      return /[.!?]$/.test(issue.message) ? issue.message : `${issue.message}.`
  }
}

function optionPath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? 'options' : path.map(String).join('.')
}

/** Turns the first zod issue of parsing `LatchkeyOptions` into an `OptionsValidationError`. */
export function toOptionsValidationError(first: Issue): OptionsValidationError {
  const issue = first.code === 'invalid_union' ? unionIssue(first) : first
  if (issue.code === 'unrecognized_keys')
    return new OptionsValidationError({
      option: optionPath([...issue.path, issue.keys[0] ?? '']),
      reason: 'Unknown option',
      unknown: true,
    })
  return new OptionsValidationError({ option: optionPath(issue.path), reason: reason(issue) })
}
