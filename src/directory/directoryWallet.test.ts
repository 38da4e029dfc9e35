import { describe, expect, test } from 'vitest'
import { parseDirectoryAnswer, parseDirectoryWallet } from './directoryWallet'

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
