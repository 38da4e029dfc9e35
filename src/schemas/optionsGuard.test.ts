import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { nearlyValid } from '../../test/harness/nearlyValid.arbitraries'
import { optionsSchema } from './options'
import { optionsGuard } from './optionsGuard'
import { siwxAdapterMethods } from './siwxOption'
import { toOptionsValidationError } from './toOptionsValidationError'

/** What zod answers: the resolved options, or the message parseOptions would throw. */
function byZod(input: unknown) {
  const result = optionsSchema.safeParse(input, { reportInput: true })
  if (result.success) return { ok: true, value: result.data }
  const [issue] = result.error.issues
  return { ok: false, message: issue && toOptionsValidationError(issue).message }
}

function byGuard(input: unknown) {
  const result = optionsGuard(input, [])
  if (result.ok) return { ok: true, value: result.value }
  return { ok: false, message: toOptionsValidationError(result.issue).message }
}

const method = () => Promise.resolve()
/** A sign-in adapter with members dropped or mistyped now and then. */
const siwxLike = fc
  .record({
    drop: fc.subarray([...siwxAdapterMethods]),
    wrong: fc.subarray([...siwxAdapterMethods, 'required', 'getRequired', 'signOutOnDisconnect']),
    wrongValue: fc.oneof(fc.constantFrom('x', true, 1, null), fc.constant(method)),
    required: fc.constantFrom(undefined, true, false),
  })
  .map(({ drop, wrong, wrongValue, required }) => {
    const adapter: Record<string, unknown> = { required }
    for (const name of siwxAdapterMethods) if (!drop.includes(name)) adapter[name] = method
    for (const name of wrong) adapter[name] = wrongValue
    return adapter
  })

const inputs = fc.oneof(
  { weight: 8, arbitrary: nearlyValid(optionsSchema) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(nearlyValid(optionsSchema), fc.oneof(siwxLike, fc.anything({ maxDepth: 1 })))
      .map(([options, siwx]) =>
        options && typeof options === 'object' ? { ...options, siwx } : options,
      ),
  },
)

describe('optionsGuard', () => {
  test('behavior: the same answer as optionsSchema (zod) for any input', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const zod = byZod(input)
        const guard = byGuard(input)
        expect(guard).toEqual(zod)
        if (zod.value?.siwx) expect(guard.value?.siwx).toBe(zod.value.siwx)
      }),
      { numRuns: 3_000 },
    )
  })

  test('behavior: both accept and refuse (the generator reaches both sides)', () => {
    const answers = fc
      .sample(inputs, { numRuns: 2_000, seed: 11 })
      .map((input) => byGuard(input).ok)
    expect(answers.filter(Boolean).length).toBeGreaterThan(20)
    expect(answers.filter((ok) => !ok).length).toBeGreaterThan(20)
  })

  test('error: the issue zod reports for the examples in SPEC §9', () => {
    for (const input of [
      null,
      [],
      { themeMode: 'blue' },
      { features: { socials: ['google', 'myspace'] } },
      { features: { socials: true } },
      { features: { connectMethodsOrder: ['email', 'email'] } },
      { themeVariables: { zIndex: 1e20 } },
      { themeVariables: { zIndex: -1e20 } },
      { connectTimeoutMs: 1.5 },
      { metadata: { name: 'A', icons: ['http://x'] }, bogus: 1 },
      { siwx: 5 },
    ])
      expect(byGuard(input)).toEqual(byZod(input))
  })
})
