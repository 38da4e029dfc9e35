import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { errorFrame, extractRawId, idKey, resultFrame } from './rawId'

describe('extractRawId', () => {
  test('default: keeps every digit of an id above 2^53', () => {
    const frame = '{"id":1734567890123456789,"jsonrpc":"2.0","method":"irn_subscribe"}'
    expect(extractRawId(frame)).toBe('1734567890123456789')
    expect(String(JSON.parse(frame).id)).not.toBe('1734567890123456789')
  })

  test('parameters: string, null and late ids; nested ids are ignored', () => {
    expect(extractRawId('{"params":{"id":5,"x":[{"id":6}]},"id":"abc\\"d"}')).toBe('"abc\\"d"')
    expect(extractRawId(' { "id" : null } ')).toBe('null')
    expect(extractRawId('{"method":"x","params":{"id":7}}')).toBeUndefined()
  })

  test('behavior: not an object or broken', () => {
    expect(extractRawId('[1,2]')).toBeUndefined()
    expect(extractRawId('{"id":')).toBeUndefined()
    expect(extractRawId('')).toBeUndefined()
  })

  test('behavior: finds the id of any object, whatever the member order', () => {
    const id = fc.oneof(
      fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
      fc.integer().map(String),
      fc.string().map((s) => JSON.stringify(s)),
      fc.constant('null'),
    )
    const member = fc.tuple(
      fc.string().filter((k) => k !== 'id'),
      fc.jsonValue(),
    )
    fc.assert(
      fc.property(id, fc.array(member), fc.nat(), (raw, members, at) => {
        const parts = members.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
        parts.splice(at % (parts.length + 1), 0, `"id" : ${raw}`)
        const frame = `{${parts.join(',')}}`
        expect(extractRawId(frame)).toBe(raw)
      }),
    )
  })
})

describe('response frames', () => {
  test('default: the id text goes back byte for byte', () => {
    expect(resultFrame('1734567890123456789', true)).toMatchInlineSnapshot(
      `"{"id":1734567890123456789,"jsonrpc":"2.0","result":true}"`,
    )
    expect(errorFrame(undefined, -32700, 'Parse error')).toMatchInlineSnapshot(
      `"{"id":null,"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}"`,
    )
  })
})

describe('idKey', () => {
  test('default: a number, a string and core’s BigInt string name the same id', () => {
    const id = '1795281949336000000'
    expect([idKey(id), idKey(`"${id}"`), idKey(`"${id}n"`)]).toEqual([id, id, id])
    expect(idKey('"abc"')).toBe('"abc"')
  })
})
