import * as fc from 'fast-check'
import type * as z from 'zod/mini'

/**
 * Strings that sit on either side of the rules our schemas check (URL schemes, CAIP ids, CSS
 * values, emails, wallet ids), so a generated value often passes and often just fails.
 */
export const edgeStrings = fc.constantFrom(
  '',
  ' ',
  'a',
  'A',
  'https://dapp.example',
  'https://dapp.example/terms',
  'http://dapp.example',
  'http://localhost:3000',
  'http://127.0.0.1:8787/x',
  'javascript:alert(1)',
  'data:image/png;base64,AAAA',
  'data:text/html,<script>',
  'metamask://wc',
  'vbscript:x',
  'eip155:1',
  'eip155:56',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'cosmos:x',
  'ethereum',
  '10px',
  'red; } body {',
  '#fff',
  'dark',
  'light',
  'google',
  'myspace',
  'email',
  'wallet',
  'eoa',
  'show',
  'ada@example.com',
  'io.metamask',
  '__proto__',
  'constructor',
)

type Def = {
  type: string
  shape?: Record<string, z.ZodMiniType>
  innerType?: z.ZodMiniType
  element?: z.ZodMiniType
  entries?: Record<string, string>
  options?: z.ZodMiniType[]
  values?: unknown[]
  catchall?: z.ZodMiniType
  keyType?: z.ZodMiniType
  valueType?: z.ZodMiniType
}

/**
 * Values shaped after a zod schema: mostly what it expects (every key of an object optional,
 * sometimes an unknown one), now and then anything at all. Keys come from the schema itself, so a
 * key added to a schema is generated too; used to hold hand-written guards to their zod schema.
 */
export function nearlyValid(schema: z.ZodMiniType, depth = 0): fc.Arbitrary<unknown> {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def
  const wild = fc.oneof(
    fc.anything({ maxDepth: 1 }),
    edgeStrings,
    fc.constantFrom(undefined, null, true, false, 0, -1, 1.5, 1e20, Number.NaN, [], {}),
  )
  const shaped = ((): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'object': {
        const shape = def.shape ?? {}
        const keys = Object.fromEntries(
          Object.entries(shape).map(([key, value]) => [key, nearlyValid(value, depth + 1)]),
        )
        const record = fc.record(keys, { requiredKeys: [] })
        const extra = fc.tuple(record, fc.oneof(edgeStrings, fc.string()), wild)
        return fc.oneof(
          { weight: 6, arbitrary: record },
          { weight: 1, arbitrary: extra.map(([value, key, more]) => ({ ...value, [key]: more })) },
        )
      }
      case 'record': {
        const keys = nearlyValid(def.keyType as z.ZodMiniType, depth + 1)
        const value = nearlyValid(def.valueType as z.ZodMiniType, depth + 1)
        return fc
          .array(fc.tuple(keys, value), { maxLength: 3 })
          .map((entries) => Object.fromEntries(entries.filter(([key]) => typeof key === 'string')))
      }
      case 'optional':
      case 'default':
      case 'prefault':
      case 'nullable':
        return fc.oneof(
          fc.constant(undefined),
          nearlyValid(def.innerType as z.ZodMiniType, depth + 1),
        )
      case 'array': {
        const item = nearlyValid(def.element as z.ZodMiniType, depth + 1)
        return fc.oneof(
          fc.array(item, { maxLength: 4 }),
          fc.array(item, { maxLength: 2 }).map((items) => [...items, ...items]),
        )
      }
      case 'enum':
        return fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...Object.values(def.entries ?? {})) },
          { weight: 1, arbitrary: edgeStrings },
        )
      case 'union':
        return fc.oneof(...(def.options ?? []).map((option) => nearlyValid(option, depth + 1)))
      case 'literal':
        return fc.constantFrom(...(def.values ?? []))
      case 'string':
        return fc.oneof(
          { weight: 4, arbitrary: edgeStrings },
          { weight: 1, arbitrary: fc.string() },
        )
      case 'number':
        return fc.oneof(
          fc.integer({ min: -10, max: 1_000_000 }),
          fc.double(),
          fc.constantFrom(0, 100, 101, 999, 1_000, 600_000, 600_001, 1e20, -1e20),
        )
      case 'boolean':
        return fc.boolean()
      default:
        return wild
    }
  })()
  return depth > 6
    ? wild
    : fc.oneof({ weight: 9, arbitrary: shaped }, { weight: 1, arbitrary: wild })
}
