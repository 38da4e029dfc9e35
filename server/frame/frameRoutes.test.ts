import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLatchkeyServer, type LatchkeyServer } from '../createLatchkeyServer'
import { buildFrameAssets, type FrameAssets } from './buildFrameAssets'
import { FrameAssetsUnavailableError } from './FrameAssetsUnavailableError'
import { loadFrameAssets } from './loadFrameAssets'

const quiet = { info: () => {}, warn: () => {} }
let server: LatchkeyServer

beforeAll(async () => {
  server = await createLatchkeyServer({
    databaseUrl: ':memory:',
    logger: quiet,
    allowedOrigins: { shop: ['https://shop.example', 'http://dapp.test:*'], closed: [] },
  })
})
afterAll(() => server.close())

async function page(query: string) {
  const response = await server.app.request(`/frame${query}`)
  return { response, html: await response.text() }
}

describe('GET /frame', () => {
  test('default: CSP with the project origins as frame-ancestors, no inline or eval', async () => {
    const { response } = await page('?projectId=shop&chainId=1&version=0.1.0&enableLogger=false')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toMatchInlineSnapshot(
      `"default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors https://shop.example http://dapp.test:*; base-uri 'none'; form-action 'none'"`,
    )
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(response.headers.get('x-frame-options')).toBeNull()
  })

  test('behavior: a project with no origins cannot be framed', async () => {
    const { response } = await page('?projectId=closed')
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  test('behavior: every script and style is same-origin, hashed, and matches its SRI hash', async () => {
    const { html } = await page('?projectId=shop')
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/)
    expect(html).not.toMatch(/\sstyle=|<style/)
    const tags = [...html.matchAll(/(?:src|href)="([^"]+)" integrity="([^"]+)"/g)]
    expect(tags.map(([, path]) => path)).toEqual([
      expect.stringMatching(/^\/frame\/assets\/frame-[0-9a-f]{16}\.css$/),
      expect.stringMatching(/^\/frame\/assets\/frame-[0-9a-f]{16}\.js$/),
    ])
    for (const [, path, integrity] of tags) {
      const asset = await server.app.request(path as string)
      expect(asset.status).toBe(200)
      expect(asset.headers.get('x-content-type-options')).toBe('nosniff')
      expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin')
      const body = new Uint8Array(await asset.arrayBuffer())
      const hash = createHash('sha256').update(body).digest('hex').slice(0, 16)
      expect(path).toContain(hash)
      expect(integrity).toBe(`sha384-${createHash('sha384').update(body).digest('base64')}`)
      const text = new TextDecoder().decode(body)
      expect(text).not.toMatch(/\beval\(/)
    }
  })

  test('default: a Permissions-Policy that denies what the wallet does not use', async () => {
    const { response } = await page('?projectId=shop')
    const policy = response.headers.get('permissions-policy') ?? ''
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial'])
      expect(policy).toContain(`${feature}=()`)
    expect(policy).toContain('publickey-credentials-get=(self)')
    expect(policy).not.toMatch(/=\*|=\(\*\)|"/)
  })

  test('behavior: unknown asset names are 404', async () => {
    const response = await server.app.request('/frame/assets/frame-0000000000000000.js')
    expect(response.status).toBe(404)
  })
})

describe('GET /frame/approve', () => {
  test('default: never framed, keeps its opener, same script rules and Permissions-Policy', async () => {
    const response = await server.app.request('/frame/approve?theme=dark')
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("script-src 'self';")
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/)
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    // A strict COOP would sever window.opener: the popup could not answer the frame.
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull()
    expect(response.headers.get('permissions-policy')).toContain('camera=()')
    const html = await response.text()
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/)
    const [, path, integrity] = /<script defer src="([^"]+)" integrity="([^"]+)"/.exec(html) ?? []
    expect(path).toMatch(/^\/frame\/assets\/popup-[0-9a-f]{16}\.js$/)
    const asset = await server.app.request(path as string)
    expect(asset.status).toBe(200)
    const body = new Uint8Array(await asset.arrayBuffer())
    expect(integrity).toBe(`sha384-${createHash('sha384').update(body).digest('base64')}`)
  })
})

describe('frame assets', () => {
  let dir: string
  let built: FrameAssets
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'latchkey-frame-assets-'))
    built = await buildFrameAssets({ outDir: dir })
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  test('default: a prebuilt folder serves the same files as a fresh build', async () => {
    const prebuilt = await loadFrameAssets({ dir })
    expect(prebuilt.script.name).toBe(built.script.name)
    expect(prebuilt.style.integrity).toBe(built.style.integrity)
    expect(prebuilt.popupScript.name).toBe(built.popupScript.name)
    expect(Buffer.from(prebuilt.script.body).equals(Buffer.from(built.script.body))).toBe(true)
    expect(prebuilt.importScript.integrity).toBe(built.importScript.integrity)
  })

  test('behavior: the import chunk is a file of its own with the SRI hash the frame’s script names; the BIP-39 word list is only in it', async () => {
    const text = (asset: FrameAssets['script']) => Buffer.from(asset.body).toString('utf8')
    expect(built.importScript.name).toMatch(/^import-[0-9a-f]{16}\.js$/)
    expect(built.importScript.integrity).toBe(
      `sha384-${createHash('sha384').update(built.importScript.body).digest('base64')}`,
    )
    expect(text(built.script)).toContain(built.importScript.name)
    expect(text(built.script)).toContain(built.importScript.integrity)
    expect(text(built.importScript)).toMatch(/abandon\s+ability/)
    expect(text(built.script)).not.toMatch(/abandon\s+ability/)
    // The server serves it (the same sources build the same file), as the frame's other files.
    const served = await server.app.request(`/frame/assets/${built.importScript.name}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(
      Buffer.from(await served.arrayBuffer()).equals(Buffer.from(built.importScript.body)),
    ).toBe(true)
  })

  test('behavior: a missing prebuilt folder is a typed error', async () => {
    await expect(loadFrameAssets({ dir: join(dir, 'nope') })).rejects.toThrow()
    const error = new FrameAssetsUnavailableError({ searched: ['/x/frame'] })
    expect(error.shortMessage).toBe('The frame page assets are missing.')
    expect(error.name).toBe('FrameAssetsUnavailableError')
  })
})
