import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { parseServerOptions } from '../options'
import { fetchNftMetadata } from './fetchNftMetadata'
import { isSafeImageUrl, parseNftMetadata, readDataJson } from './parseNftMetadata'

const policy = { origins: ['https://meta.test'], timeoutMs: 1_000, maxBytes: 1_024 }

describe('parseNftMetadata', () => {
  test('default: name, description and a safe image', () => {
    expect(
      parseNftMetadata(
        '{"name":"A #1","description":"d","image":"https://img.test/1.png","x":1}',
        [],
      ),
    ).toEqual({ name: 'A #1', description: 'd', image: 'https://img.test/1.png' })
  })

  test('error: scripts and unknown schemes are dropped as images; wrong types as text', () => {
    expect(parseNftMetadata('{"name":5,"image":"javascript:alert(1)"}', [])).toEqual({
      name: null,
      description: null,
      image: null,
    })
    expect(parseNftMetadata('{"image":"http://10.0.0.1/x.png"}', [])?.image).toBeNull()
    expect(parseNftMetadata('{"image":"data:text/html,<script>"}', [])?.image).toBeNull()
    expect(parseNftMetadata('[1]', [])).toBeUndefined()
    expect(parseNftMetadata('not json', [])).toBeUndefined()
  })

  test('behavior: any string parses to undefined or to strings and nulls only', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        const parsed = parseNftMetadata(text, [])
        if (parsed === undefined) return
        for (const value of Object.values(parsed))
          expect(value === null || typeof value === 'string').toBe(true)
        if (parsed.image) expect(isSafeImageUrl(parsed.image, [])).toBe(true)
      }),
    )
  })
})

describe('readDataJson', () => {
  test('default: base64 and percent-encoded JSON data URIs', () => {
    const json = '{"name":"On chain"}'
    expect(readDataJson(`data:application/json;base64,${btoa(json)}`, 1_024)).toBe(json)
    expect(readDataJson(`data:application/json,${encodeURIComponent(json)}`, 1_024)).toBe(json)
  })

  test('error: other media types and documents over the size cap are refused', () => {
    expect(readDataJson('data:text/html,<b>x</b>', 1_024)).toBeUndefined()
    expect(readDataJson(`data:application/json,${'a'.repeat(2_000)}`, 1_024)).toBeUndefined()
    expect(readDataJson('data:application/json,%E0%A4%A', 1_024)).toBeUndefined()
  })
})

describe('fetchNftMetadata', () => {
  test('default: data: JSON is read in place', async () => {
    const uri = `data:application/json;base64,${btoa('{"name":"On chain","image":"data:image/png;base64,AA=="}')}`
    expect(await fetchNftMetadata(uri, policy)).toEqual({
      name: 'On chain',
      description: null,
      image: 'data:image/png;base64,AA==',
    })
  })

  test('error: URLs outside the allowed origins are not fetched', async () => {
    // These hosts do not exist here: a fetch would fail slowly or reach out; none is made.
    for (const uri of [
      'http://169.254.169.254/latest/meta-data',
      'http://127.0.0.1:1/meta/1',
      'https://meta.test.evil/1',
      'ipfs://bafy/1',
      'file:///etc/passwd',
    ])
      expect(await fetchNftMetadata(uri, policy)).toBeNull()
  })
})

describe('chainData option', () => {
  test('error: a token icon that is not https or a data: image is refused at start', () => {
    const token = { address: `0x${'1'.repeat(40)}`, name: 'T', symbol: 'T', decimals: 6 }
    expect(() =>
      parseServerOptions({
        chainData: { chains: { 1: { tokens: [{ ...token, iconUrl: 'javascript:alert(1)' }] } } },
      }),
    ).toThrowError(/Invalid option "chainData.chains.1.tokens.0.iconUrl"/)
    expect(
      parseServerOptions({
        chainData: {
          chains: { 1: { tokens: [{ ...token, iconUrl: 'https://icons.test/t.png' }] } },
        },
      }).chainData.chains['1']?.tokens[0]?.iconUrl,
    ).toBe('https://icons.test/t.png')
  })
})
