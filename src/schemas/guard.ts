import type * as z from 'zod/mini'

// A few zod-shaped validators without zod, for what the modal reads on first open (options,
// stored records): zod/mini costs about 10 KB gzip on that path (docs/contracts.md, "first-bundle
// rule"). Each guard reports the first problem as the issue zod would report, so the error
// messages come from the same `toOptionsValidationError`; the zod schemas stay the reference and
// fast-check tests (`*.guard.test.ts`) hold each guard to the same accept/reject and the same issue.

/** An issue in zod's shape (only the fields `toOptionsValidationError` reads are filled in). */
export type Issue = z.core.$ZodIssue

/** A guard's answer: the value (defaults filled in, objects rebuilt) or the first issue. */
export type Checked<T> = { ok: true; value: T } | { ok: false; issue: Issue }

/** Validates `input` found at `path`; never throws. */
export type Guard<T> = (input: unknown, path: PropertyKey[]) => Checked<T>

/** The first issue at `path`. */
export const fail = (path: PropertyKey[], issue: Record<string, unknown>): Checked<never> => ({
  ok: false,
  issue: { path, message: 'Invalid input', ...issue } as unknown as Issue,
})

const pass = <T>(value: T): Checked<T> => ({ ok: true, value })

/** `invalid_type` as zod reports it (`expected` is zod's type name). */
export const wrongType = (path: PropertyKey[], expected: string, input: unknown) =>
  fail(path, { code: 'invalid_type', expected, input })

/** A string, then each refinement in order (`message` is the custom issue's message). */
export function string(
  ...checks: [(value: string) => boolean, string | undefined][]
): Guard<string> {
  return (input, path) => {
    if (typeof input !== 'string') return wrongType(path, 'string', input)
    for (const [test, message] of checks) if (!test(input)) return custom(path, input, message)
    return pass(input)
  }
}

/** A string of at least one character (zod: `z.string().check(z.minLength(1))`). */
export const nonEmpty: Guard<string> = (input, path) =>
  typeof input !== 'string'
    ? wrongType(path, 'string', input)
    : input.length < 1
      ? fail(path, { code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input })
      : pass(input)

/** A boolean. */
export const boolean: Guard<boolean> = (input, path) =>
  typeof input === 'boolean' ? pass(input) : wrongType(path, 'boolean', input)

/** A finite number (`int`: a safe integer) within `[min, max]`, as `z.number()` / `z.int()` check it. */
export function number({ int = false, min = -Infinity, max = Infinity }): Guard<number> {
  const safe = Number.MAX_SAFE_INTEGER
  return (input, path) => {
    if (typeof input !== 'number' || !Number.isFinite(input))
      return wrongType(path, 'number', input)
    if (int && !Number.isInteger(input)) return wrongType(path, 'int', input)
    const [low, high, origin] =
      int && (input > safe || input < -safe) ? [-safe, safe, 'int'] : [min, max, 'number']
    if (input < low)
      return fail(path, { code: 'too_small', origin, minimum: low, inclusive: true, input })
    if (input > high)
      return fail(path, { code: 'too_big', origin, maximum: high, inclusive: true, input })
    return pass(input)
  }
}

/** One of `values` (zod: `z.enum`). */
export function oneOf<const T extends readonly string[]>(values: T): Guard<T[number]> {
  return (input, path) =>
    values.includes(input as string)
      ? pass(input as T[number])
      : fail(path, { code: 'invalid_value', values: [...values], input })
}

/** A `custom` issue (a failed refinement). */
export const custom = (path: PropertyKey[], input: unknown, message = 'Invalid input') =>
  fail(path, { code: 'custom', input, message })

/** An array of `item`, then `check` on the whole array when every item passed. */
export function array<T>(item: Guard<T>, check?: [(items: T[]) => boolean, string]): Guard<T[]> {
  return (input, path) => {
    if (!Array.isArray(input)) return wrongType(path, 'array', input)
    const items: T[] = []
    for (let index = 0; index < input.length; index++) {
      const result = item(input[index], [...path, index])
      if (!result.ok) return result
      items.push(result.value)
    }
    if (check && !check[0](items)) return custom(path, input, check[1])
    return pass(items)
  }
}

/**
 * A plain object whose keys pass `key` and whose values pass `value` (zod: `z.record` with a
 * refined string key). A bad key is zod's `invalid_key` issue, carrying the key check's message.
 */
export function record<T>(
  key: [(key: string) => boolean, string],
  value: Guard<T>,
): Guard<Record<string, T>> {
  return (input, path) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      return wrongType(path, 'record', input)
    const output: Record<string, T> = {}
    for (const [name, item] of Object.entries(input)) {
      if (!key[0](name))
        return fail([...path, name], {
          code: 'invalid_key',
          origin: 'record',
          issues: [{ code: 'custom', path: [], message: key[1] }],
        })
      const result = value(item, [...path, name])
      if (!result.ok) return result
      output[name] = result.value
    }
    return pass(output)
  }
}

/** Undefined passes as is (zod: `z.optional`). */
export const optional =
  <T>(guard: Guard<T>): Guard<T | undefined> =>
  (input, path) =>
    input === undefined ? pass(undefined) : guard(input, path)

/** Undefined and null pass as they are (zod: `z.nullish`). */
export const nullish =
  <T>(guard: Guard<T>): Guard<T | null | undefined> =>
  (input, path) =>
    input === undefined || input === null ? pass(input) : guard(input, path)

/** Undefined becomes `fallback()`, unchecked (zod: `z._default`). */
export const withDefault =
  <T>(guard: Guard<T>, fallback: () => T): Guard<T> =>
  (input, path) =>
    input === undefined ? pass(fallback()) : guard(input, path)

/** Undefined is checked as `{}` (zod: `z.prefault(…, {})`). */
export const orEmpty =
  <T>(guard: Guard<T>): Guard<T> =>
  (input, path) =>
    guard(input === undefined ? {} : input, path)

/** The output of an object guard's shape. */
export type ShapeOutput<S extends Record<string, Guard<unknown>>> = {
  [K in keyof S]: S[K] extends Guard<infer T> ? T : never
}

/** An object with the keys of `shape`; other keys are left out of the output (zod: `z.object`). */
export const object = <S extends Record<string, Guard<unknown>>>(shape: S) =>
  strictObject(shape, false)

/**
 * An object with exactly the keys of `shape` (zod: `z.strictObject`): each key is checked in
 * shape order, then the first unknown key of the input fails; the output is a new object.
 */
export function strictObject<S extends Record<string, Guard<unknown>>>(
  shape: S,
  strict = true,
): Guard<ShapeOutput<S>> {
  return (input, path) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      return wrongType(path, 'object', input)
    const record = input as Record<string, unknown>
    const output: Record<string, unknown> = {}
    for (const key of Object.keys(shape)) {
      const result = (shape[key] as Guard<unknown>)(record[key], [...path, key])
      if (!result.ok) return result
      if (result.value !== undefined || key in record) output[key] = result.value
    }
    for (const key in record)
      if (strict && !Object.hasOwn(shape, key))
        return fail(path, { code: 'unrecognized_keys', keys: [key], input })
    return pass(output as ShapeOutput<S>)
  }
}

/** A guard in the shape of a zod schema's `safeParse`, for `createValidatedStorage`. */
export const asSchema = <T>(guard: Guard<T>) => ({
  safeParse: (input: unknown): { success: true; data: T } | { success: false } => {
    const result = guard(input, [])
    return result.ok ? { success: true, data: result.value } : { success: false }
  },
})
