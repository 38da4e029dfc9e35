import { describe, expect, test } from 'vitest'
import { nftImageUrl } from './nftImageUrl'

const server = 'http://127.0.0.1:8787'
const pixel = 'data:image/png;base64,iVBORw0KGgo='

describe('nftImageUrl', () => {
  test('default: data: images and the data server’s own origin only', () => {
    expect(nftImageUrl(pixel, server)).toBe(pixel)
    expect(nftImageUrl(`${server}/img/1.png`, server)).toBe(`${server}/img/1.png`)
    expect(nftImageUrl('https://cdn.example/1.png', server)).toBeUndefined()
    expect(nftImageUrl(null, server)).toBeUndefined()
  })

  test('error: look-alikes of the server and other schemes are refused', () => {
    for (const url of [
      'http://127.0.0.1:8787@tracker.example/1.png',
      'http://user:pass@127.0.0.1:8787/1.png',
      'http://127.0.0.1:8788/1.png',
      'https://127.0.0.1:8787/1.png',
      'data:text/html,<script>1</script>',
      'javascript:alert(1)',
      'ipfs://bafy/1.png',
    ])
      expect(nftImageUrl(url, server), url).toBeUndefined()
    // without a data server only data: images are drawn
    expect(nftImageUrl(`${server}/img/1.png`, undefined)).toBeUndefined()
    expect(nftImageUrl(pixel, undefined)).toBe(pixel)
  })
})
