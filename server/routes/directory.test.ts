import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'
import { createLatchkeyServer } from '../createLatchkeyServer'

const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const fillers = Array.from({ length: 45 }, (_, index) => ({
  id: `filler-${String(index + 1).padStart(2, '0')}`,
  name: `Filler ${index + 1}`,
  chains: ['eip155:137'],
}))
const registry = {
  wallets: [
    {
      id: 'alpha',
      name: 'Alpha Wallet',
      image_id: 'alpha-logo',
      mobile_link: 'alpha://',
      webapp_link: 'https://alpha.example',
      rdns: 'example.alpha',
      chains: ['eip155:1', 'eip155:8453'],
      badge_type: 'certified',
    },
    { id: 'beta', name: 'Beta', image_id: 'beta-logo', chains: ['eip155:1'] },
    { id: 'gamma', name: 'Gamma Alpha', chains: [solana], badge_type: 'certified' },
    ...fillers,
  ],
  features: { swaps: false, socials: ['google', 'github'] },
}
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>'
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
const secret = 'operator secret: do not serve'

let dir: string
let server: TestServer
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'latchkey-directory-'))
  writeFileSync(join(dir, 'registry.json'), JSON.stringify(registry))
  writeFileSync(join(dir, 'secret.svg'), secret)
  writeFileSync(join(dir, 'secret.txt'), secret)
  for (const kind of ['wallets', 'assets', 'currencies', 'tokens'])
    mkdirSync(join(dir, 'images', kind), { recursive: true })
  writeFileSync(join(dir, 'images/wallets/alpha-logo.svg'), svg)
  writeFileSync(join(dir, 'images/wallets/beta-logo.png'), png)
  writeFileSync(join(dir, 'images/assets/eip155-1.svg'), svg)
  writeFileSync(join(dir, 'images/currencies/usd.png'), png)
  writeFileSync(join(dir, 'images/tokens/eth.svg'), svg)
  // A link inside the folder to a file outside it.
  symlinkSync(join(dir, 'secret.svg'), join(dir, 'images/wallets/escape.svg'))
  server = await startTestServer({
    directory: { registry: join(dir, 'registry.json') },
    allowedOrigins: { shop: ['https://shop.test'], '*': ['http://127.0.0.1:*'] },
  })
})
afterAll(async () => {
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

type Wallet = { id: string; name: string }
type WalletsAnswer = { data: Wallet[]; count: number }
const ids = (body: WalletsAnswer) => body.data.map((wallet) => wallet.id)
const wallets = async (query: string) => {
  const answer = await server.get<WalletsAnswer>(
    `/getWallets?projectId=p1&st=latchkey&sv=1${query}`,
  )
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body
}
const refused = async (query: string) => {
  const answer = await server.get<{ error: { name: string; message: string } }>(
    `/getWallets?${query}`,
  )
  expect(answer.status).toBe(400)
  expect(answer.body.error.name).toBe('InvalidRequestError')
  return answer.body.error.message
}

describe('GET /getWallets (SPEC §7)', () => {
  test('default: page 1 of 40 in registry order, with the count of all, each wallet as the registry says', async () => {
    const body = await wallets('')
    expect(body.count).toBe(48)
    expect(ids(body)).toEqual(['alpha', 'beta', 'gamma', ...fillers.slice(0, 37).map((f) => f.id)])
    expect(body.data[0]).toEqual({
      id: 'alpha',
      name: 'Alpha Wallet',
      image_id: 'alpha-logo',
      mobile_link: 'alpha://',
      webapp_link: 'https://alpha.example',
      rdns: 'example.alpha',
      chains: ['eip155:1', 'eip155:8453'],
      badge_type: 'certified',
    })
  })

  test('parameters: page and entries', async () => {
    expect(ids(await wallets('&page=2'))).toEqual(fillers.slice(37).map((f) => f.id))
    expect(ids(await wallets('&page=3&entries=5'))).toEqual([
      'filler-08',
      'filler-09',
      'filler-10',
      'filler-11',
      'filler-12',
    ])
    expect((await wallets('&entries=100')).data).toHaveLength(48)
    expect(await wallets('&entries=1')).toEqual({
      data: [expect.objectContaining({ id: 'alpha' })],
      count: 48,
    })
    // Past the end: an empty page, still the whole count.
    expect(await wallets('&page=2&entries=100')).toEqual({ data: [], count: 48 })
    expect(await wallets('&page=10000')).toEqual({ data: [], count: 48 })
  })

  test('error: page and entries out of bounds are a typed 400', async () => {
    expect(await refused('entries=0')).toBe(
      'Invalid request: entries: entries must be from 1 to 100.',
    )
    expect(await refused('entries=101')).toBe(
      'Invalid request: entries: entries must be from 1 to 100.',
    )
    expect(await refused('page=0')).toBe('Invalid request: page: page must be from 1 to 10000.')
    expect(await refused('page=10001')).toBe('Invalid request: page: page must be from 1 to 10000.')
    expect(await refused('page=-1')).toBe(
      'Invalid request: page: Expected a whole number from 1 to 10000.',
    )
    expect(await refused('page=1.5')).toContain('page: Expected a whole number')
    expect(await refused('entries=ten')).toContain('entries: Expected a whole number')
  })

  test('parameters: include keeps only those ids (registry order), exclude drops ids', async () => {
    expect(await wallets('&include=beta,alpha')).toEqual({
      data: [expect.objectContaining({ id: 'alpha' }), expect.objectContaining({ id: 'beta' })],
      count: 2,
    })
    expect(await wallets('&include=nobody')).toEqual({ data: [], count: 0 })
    const excluded = await wallets('&exclude=alpha,gamma&entries=100')
    expect(excluded.count).toBe(46)
    expect(ids(excluded)).not.toContain('alpha')
    expect(ids(excluded)).not.toContain('gamma')
    expect(ids(excluded)[0]).toBe('beta')
  })

  test('parameters: search is part of the name, any case, trimmed', async () => {
    expect(ids(await wallets('&search=alpha'))).toEqual(['alpha', 'gamma'])
    expect(ids(await wallets(`&search=${encodeURIComponent('  ALPHA wal ')}`))).toEqual(['alpha'])
    // Filler 4 and Filler 40 to 45.
    expect((await wallets('&search=filler 4')).count).toBe(7)
    expect(await wallets('&search=zzz')).toEqual({ data: [], count: 0 })
    expect((await wallets('&search=')).count).toBe(48)
  })

  test('parameters: badge_type=certified keeps certified wallets; none filters nothing', async () => {
    expect(await wallets('&badge_type=certified')).toEqual({
      data: [expect.objectContaining({ id: 'alpha' }), expect.objectContaining({ id: 'gamma' })],
      count: 2,
    })
    expect((await wallets('&badge_type=none')).count).toBe(48)
  })

  test('parameters: chains keeps wallets on any of them', async () => {
    expect(ids(await wallets('&chains=eip155:8453'))).toEqual(['alpha'])
    expect(ids(await wallets(`&chains=eip155:8453,${solana}`))).toEqual(['alpha', 'gamma'])
    expect(ids(await wallets('&chains=eip155:1'))).toEqual(['alpha', 'beta'])
    expect((await wallets('&chains=eip155:137')).count).toBe(45)
    expect(await wallets('&chains=eip155:999')).toEqual({ data: [], count: 0 })
  })

  test('parameters: every filter at once must hold, then the page is cut', async () => {
    expect(
      await wallets(
        '&include=alpha,beta,gamma,filler-01&exclude=gamma&search=a&badge_type=certified&chains=eip155:1,eip155:137',
      ),
    ).toEqual({ data: [expect.objectContaining({ id: 'alpha' })], count: 1 })
    const page = await wallets(
      '&exclude=filler-01&search=filler&chains=eip155:137&page=2&entries=20',
    )
    expect(page.count).toBe(44)
    expect(ids(page)).toEqual(fillers.slice(21, 41).map((f) => f.id))
  })

  test('error: malformed filters are a typed 400', async () => {
    expect(await refused('badge_type=gold')).toBe(
      'Invalid request: badge_type: Invalid option: expected one of "certified"|"none"',
    )
    expect(await refused('chains=ethereum')).toBe(
      'Invalid request: chains.0: Expected CAIP-2 chain ids such as eip155:1.',
    )
    expect(await refused('include=../registry')).toBe(
      'Invalid request: include.0: Expected wallet ids.',
    )
    expect(await refused('exclude=a%3Cb')).toBe('Invalid request: exclude.0: Expected wallet ids.')
    expect(await refused(`search=${'a'.repeat(101)}`)).toContain('search: Too big')
  })

  test('behavior: any page may read it (CORS *, no credentials); answers may be cached a minute', async () => {
    const response = await fetch(`${server.url}/getWallets`, {
      headers: { origin: 'https://anyone.example' },
    })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-credentials')).toBeNull()
    expect(response.headers.get('cache-control')).toBe('public, max-age=60')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('images (SPEC §7 getWalletImage, getAssetImage, getCurrencyImage, getTokenImage)', () => {
  test('default: an image from the folder, its type from the file, with cache headers', async () => {
    const response = await fetch(`${server.url}/getWalletImage/alpha-logo?projectId=p1`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toContain('sandbox')
    expect(await response.text()).toBe(svg)
    const etag = response.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await fetch(`${server.url}/getWalletImage/alpha-logo`, {
      headers: { 'if-none-match': etag ?? '' },
    })
    expect(again.status).toBe(304)

    const pngAnswer = await fetch(`${server.url}/getWalletImage/beta-logo`)
    expect(pngAnswer.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await pngAnswer.arrayBuffer())).toEqual(png)
  })

  test('default: asset, currency and token images from their own folders', async () => {
    const kinds = [
      ['/public/getAssetImage/eip155-1', 'image/svg+xml'],
      ['/public/getCurrencyImage/usd', 'image/png'],
      ['/public/getTokenImage/eth', 'image/svg+xml'],
    ]
    for (const [path, type] of kinds) {
      const response = await fetch(`${server.url}${path}`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type'), path).toBe(type)
    }
    // Each kind reads only its own folder.
    expect((await fetch(`${server.url}/public/getTokenImage/alpha-logo`)).status).toBe(404)
  })

  test('behavior: a missing image is a 404', async () => {
    const response = await fetch(`${server.url}/getWalletImage/nobody`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: { name: 'NotFound', message: 'Not found' } })
  })

  test('error: a path out of the folder is refused, and nothing outside it is served', async () => {
    const attempts = [
      '/getWalletImage/..%2F..%2Fsecret',
      '/getWalletImage/..%2Fsecret',
      '/getWalletImage/%2e%2e%2f%2e%2e%2fsecret',
      '/public/getAssetImage/..%5C..%5Csecret',
      '/public/getTokenImage/secret.svg',
    ]
    for (const path of attempts) {
      const response = await fetch(`${server.url}${path}`)
      const text = await response.text()
      expect(text, path).not.toContain(secret)
      expect(response.status, path).toBe(400)
      expect(JSON.parse(text).error.name, path).toBe('InvalidRequestError')
    }
    // URL normalisation takes `..` away before the server sees it: another path, not found.
    const normalised = await fetch(`${server.url}/getWalletImage/../../secret.txt`)
    expect(normalised.status).toBe(404)
    expect(await normalised.text()).not.toContain(secret)
    // A symlink in the folder that leads outside it is not followed.
    const outside = await fetch(`${server.url}/getWalletImage/escape`)
    expect(outside.status).toBe(404)
    expect(await outside.text()).not.toContain(secret)
  })
})

describe('GET /appkit/v1/config and GET /projects/v1/origins (SPEC §7)', () => {
  test('default: the registry features, each as { id, isEnabled, config }', async () => {
    const answer = await server.get('/appkit/v1/config?projectId=p1&st=latchkey&sv=1')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      features: [
        { id: 'swaps', isEnabled: false, config: null },
        { id: 'socials', isEnabled: true, config: ['google', 'github'] },
      ],
    })
  })

  test("default: a project's allowed origins, else the '*' ones", async () => {
    expect((await server.get('/projects/v1/origins?projectId=shop')).body).toEqual({
      allowedOrigins: ['https://shop.test'],
    })
    expect((await server.get('/projects/v1/origins?projectId=other')).body).toEqual({
      allowedOrigins: ['http://127.0.0.1:*'],
    })
  })

  test('error: origins without a projectId is a typed 400', async () => {
    const answer = await server.get<{ error: { name: string } }>('/projects/v1/origins')
    expect(answer.status).toBe(400)
    expect(answer.body.error.name).toBe('InvalidRequestError')
  })
})

describe('the registry file', () => {
  test('behavior: bad entries are dropped one by one and logged with their reason; the file still serves', async () => {
    const warnings: string[] = []
    const file = join(dir, 'mixed.json')
    writeFileSync(
      file,
      JSON.stringify({
        wallets: [
          { id: 'ok-1', name: 'Ok One' },
          { id: 'html', name: 'Evil <b>Wallet</b>' },
          { id: 'js', name: 'Js', mobile_link: 'javascript:alert(document.cookie)' },
          { id: 'data', name: 'Data', webapp_link: 'data:text/html;base64,PHNjcmlwdD4=' },
          { id: 'bad id!', name: 'Bad Id' },
          { id: 'ok-2', name: 'Ok Two' },
        ],
      }),
    )
    const mixed = await startTestServer({
      directory: { registry: file, images: join(dir, 'images') },
      logger: { info: () => {}, warn: (message) => warnings.push(message) },
    })
    try {
      // The images option names the folder (here not beside the file).
      expect((await fetch(`${mixed.url}/getWalletImage/alpha-logo`)).status).toBe(200)
      expect(await mixed.get('/getWallets')).toMatchObject({
        status: 200,
        body: {
          count: 2,
          data: [
            { id: 'ok-1', name: 'Ok One' },
            { id: 'ok-2', name: 'Ok Two' },
          ],
        },
      })
      expect(warnings).toEqual([
        'latchkey directory: wallet #1 ("html") dropped: name: Must not contain HTML or control characters.',
        'latchkey directory: wallet #2 ("js") dropped: mobile_link: Expected https or a wallet scheme such as lantern:// (javascript:, data: and others are refused).',
        'latchkey directory: wallet #3 ("data") dropped: webapp_link: Expected an https URL (javascript:, data: and others are refused).',
        'latchkey directory: wallet #4 ("bad id!") dropped: id: Expected 1–128 letters, digits, _ or -.',
      ])
    } finally {
      await mixed.close()
    }
  })

  test('error: a file that cannot be read or is not JSON stops the server at start', async () => {
    const notJson = join(dir, 'broken.json')
    writeFileSync(notJson, '{ wallets: [')
    const logger = { info: () => {}, warn: () => {} }
    const base = { databaseUrl: ':memory:', masterKey: 'ab'.repeat(32), logger }
    await expect(
      createLatchkeyServer({ ...base, directory: { registry: notJson } }),
    ).rejects.toThrowError(`Invalid option "directory.registry": ${notJson} is not valid JSON.`)
    await expect(
      createLatchkeyServer({ ...base, directory: { registry: join(dir, 'none.json') } }),
    ).rejects.toThrowError('(ENOENT)')
  })

  test('default: directory {} serves the sample registry and its own images', async () => {
    const sample = await startTestServer({ directory: {} })
    try {
      const answer = await sample.get<WalletsAnswer>('/getWallets?search=lantern')
      expect(answer.body).toEqual({
        count: 1,
        data: [expect.objectContaining({ id: 'lantern', image_id: 'lantern-logo' })],
      })
      const image = await fetch(`${sample.url}/getWalletImage/lantern-logo`)
      expect(image.headers.get('content-type')).toBe('image/svg+xml')
      expect(await image.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
      expect((await fetch(`${sample.url}/public/getTokenImage/eth`)).status).toBe(200)
    } finally {
      await sample.close()
    }
  })

  test('default: without the directory option there is no directory API', async () => {
    const plain = await startTestServer()
    try {
      expect((await plain.get('/getWallets')).status).toBe(404)
      expect((await plain.get('/getAnalyticsConfig')).status).toBe(404)
    } finally {
      await plain.close()
    }
  })
})
