// @vitest-environment happy-dom
import { populateAppMetadata } from '@walletconnect/utils'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { keepMetadata } from './keepMetadata'

// D8: the page is https://dapp.example (happy-dom), the dapp configured another URL.
const configured = {
  name: 'Demo',
  description: 'A demo dapp',
  url: 'https://configured.example',
  icons: ['https://configured.example/icon.png'],
}

/** happy-dom's own control of the page URL. */
function setPageUrl(url: string) {
  ;(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url)
}

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

describe('keepMetadata', () => {
  test('setup: WalletConnect 2.21.8 rewrites metadata.url to the page URL, on the object it is given', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    setPageUrl('https://dapp.example/app')
    const given = { ...configured }
    expect(populateAppMetadata(given).url).toBe('https://dapp.example')
    expect(given.url).toBe('https://dapp.example')
  })

  test('behavior (D8): what the SDK makes of our metadata keeps the configured URL; the host object is untouched', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    setPageUrl('https://dapp.example/app')
    const host = { ...configured }
    const kept = keepMetadata(host, location.origin, () => {})
    const populated = populateAppMetadata(kept)
    expect(populated.url).toBe('https://configured.example')
    expect(JSON.parse(JSON.stringify(populated))).toMatchObject({
      name: 'Demo',
      url: 'https://configured.example',
    })
    expect(host).toEqual(configured)
  })

  test('behavior (D8): outside production a mismatch is reported once, naming both URLs', () => {
    const warnings: string[] = []
    keepMetadata(configured, 'https://dapp.example', (message) => warnings.push(message))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('https://configured.example')
    expect(warnings[0]).toContain('https://dapp.example')
    // The configured origin itself, with a path or a trailing slash: no warning.
    for (const url of ['https://dapp.example', 'https://dapp.example/', 'https://dapp.example/app'])
      keepMetadata({ ...configured, url }, 'https://dapp.example', (message) =>
        warnings.push(message),
      )
    expect(warnings).toHaveLength(1)
  })

  test('parameters: production builds do not warn; no metadata stays none', () => {
    vi.stubEnv('NODE_ENV', 'production')
    const warnings: string[] = []
    expect(keepMetadata(configured, 'https://dapp.example', (m) => warnings.push(m))?.url).toBe(
      'https://configured.example',
    )
    expect(warnings).toEqual([])
    expect(keepMetadata(undefined, 'https://dapp.example')).toBeUndefined()
  })
})
