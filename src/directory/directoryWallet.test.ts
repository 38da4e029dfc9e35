import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import { nearlyValid } from '../../test/harness/nearlyValid.arbitraries'
import {
  directoryAnswerGuard,
  directoryEntryGuard,
  parseDirectoryAnswer,
  parseDirectoryWallet,
} from './directoryWallet'

const good = {
  id: 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96',
  name: 'MetaMask',
  image_id: '018b2d52-10e6-4158-1fc3-b4c2d2b3c000',
  mobile_link: 'metamask://',
  desktop_link: null,
  webapp_link: 'https://metamask.example/',
  rdns: 'io.metamask',
  chains: ['eip155:1', 'eip155:56'],
}

describe('parseDirectoryWallet', () => {
  test('default: keeps a well-formed entry', () => {
    expect(parseDirectoryWallet(good)).toEqual({
      ...good,
      desktop_link: undefined,
      image_url: undefined,
    })
  })

  test('error: drops an entry with markup in its name, no id or an empty name', () => {
    expect(parseDirectoryWallet({ ...good, name: '<img src=x onerror=alert(1)>' })).toBeUndefined()
    expect(parseDirectoryWallet({ ...good, id: undefined })).toBeUndefined()
    expect(parseDirectoryWallet({ ...good, id: '../../etc' })).toBeUndefined()
    expect(parseDirectoryWallet({ ...good, name: '' })).toBeUndefined()
    expect(parseDirectoryWallet('wallet')).toBeUndefined()
  })

  test('error: unsafe links and images are dropped, the wallet is kept', () => {
    const parsed = parseDirectoryWallet({
      ...good,
      mobile_link: 'javascript:alert(1)',
      desktop_link: 'data:text/html,<script>',
      webapp_link: 'http://plain.example/',
      image_url: 'http://tracker.example/pixel.png',
      image_id: '../../secret',
    })
    expect(parsed).toMatchObject({ id: good.id, name: 'MetaMask' })
    expect(parsed?.mobile_link).toBeUndefined()
    expect(parsed?.desktop_link).toBeUndefined()
    expect(parsed?.webapp_link).toBeUndefined()
    expect(parsed?.image_url).toBeUndefined()
    expect(parsed?.image_id).toBeUndefined()
  })
})

describe('parseDirectoryAnswer', () => {
  test('behavior: drops bad entries one by one and keeps the count', () => {
    const answer = parseDirectoryAnswer({
      data: [good, { id: 'x' }, { ...good, id: 'b' }],
      count: 3,
    })
    expect(answer?.wallets.map((wallet) => wallet.id)).toEqual([good.id, 'b'])
    expect(answer?.count).toBe(3)
  })

  test('error: an answer that is not { data, count } is refused', () => {
    expect(parseDirectoryAnswer({ data: 'x', count: 1 })).toBeUndefined()
    expect(parseDirectoryAnswer({ data: [], count: -1 })).toBeUndefined()
    expect(parseDirectoryAnswer({ data: [] })).toBeUndefined()
    expect(parseDirectoryAnswer(null)).toBeUndefined()
  })
})

// The zod schemas the guards replaced (no zod on the modal's first open): the reference.
const text = z.nullish(z.string())
const entrySchema = z.object({
  id: z.string().check(z.regex(/^[\w.:-]{1,128}$/)),
  name: z.string().check(z.minLength(1)),
  image_id: text,
  image_url: text,
  mobile_link: text,
  desktop_link: text,
  webapp_link: text,
  rdns: text,
  chains: z.nullish(z.array(z.string())),
})
const answerSchema = z.object({ data: z.array(z.unknown()), count: z.number() })

describe('directory guards', () => {
  test.each([
    ['entry', entrySchema, directoryEntryGuard],
    ['answer', answerSchema, directoryAnswerGuard],
  ] as const)('behavior: the %s guard answers as its zod schema does', (_, schema, guard) => {
    fc.assert(
      fc.property(fc.oneof(nearlyValid(schema), fc.constant(good)), (input) => {
        const zod = schema.safeParse(input)
        const hand = guard(input, [])
        expect(hand.ok).toBe(zod.success)
        if (hand.ok) expect(hand.value).toEqual(zod.data)
      }),
      { numRuns: 2_000 },
    )
  })
})
