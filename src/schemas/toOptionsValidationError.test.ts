import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { toOptionsValidationError } from './toOptionsValidationError'

function messageOf(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input, { reportInput: true })
  if (result.success) return 'no error'
  const issue = result.error.issues[0]
  return issue ? toOptionsValidationError(issue).shortMessage : 'no issue'
}

describe('toOptionsValidationError', () => {
  test('default', () => {
    const error = toOptionsValidationError({
      code: 'invalid_type',
      expected: 'boolean',
      input: 'x',
      path: ['features', 'email'],
      message: 'ignored',
    })
    expect(error.option).toBe('features.email')
    expect(error.reason).toBe('Expected boolean, received string.')
  })

  test('behavior: sizes', () => {
    expect(messageOf(z.object({ a: z.array(z.string()).max(2) }), { a: ['x', 'y', 'z'] })).toBe(
      'Invalid option "a": Expected at most 2 items.',
    )
    expect(messageOf(z.object({ a: z.string().min(3) }), { a: 'x' })).toBe(
      'Invalid option "a": Expected at least 3 characters.',
    )
    expect(messageOf(z.object({ a: z.number().gt(0) }), { a: 0 })).toBe(
      'Invalid option "a": Expected a number > 0, received 0.',
    )
  })

  test('behavior: long received values are shortened', () => {
    expect(messageOf(z.object({ a: z.enum(['x']) }), { a: 'y'.repeat(100) })).toBe(
      `Invalid option "a": Expected "x", received "${'y'.repeat(38)}….`,
    )
  })

  test('behavior: unions of non-simple branches keep a sentence', () => {
    const schema = z.object({ a: z.union([z.string().min(2), z.number().min(5)]) })
    expect(messageOf(schema, { a: true })).toBe(
      'Invalid option "a": Expected string or number, received boolean.',
    )
    expect(messageOf(schema, { a: 'x' })).toBe(
      'Invalid option "a": Expected at least 2 characters.',
    )
  })

  test('behavior: custom messages get a full stop', () => {
    expect(messageOf(z.object({ a: z.string().refine(() => false, 'Nope') }), { a: 'x' })).toBe(
      'Invalid option "a": Nope.',
    )
  })
})
