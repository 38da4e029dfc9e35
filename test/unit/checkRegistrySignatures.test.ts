import { generateKeyPairSync, sign } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  checkSignatures,
  type LockedPackage,
  lockedPackages,
} from '../../scripts/checkRegistrySignatures'

// A registry on loopback with its own P-256 key, serving keys and abbreviated packuments the way
// registry.npmjs.org does (this machine's registry mirror publishes neither).
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const other = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const keyid = 'SHA256:test-key'
const signed = (id: string, integrity: string, key = privateKey) =>
  sign('sha256', Buffer.from(`${id}:${integrity}`), key).toString('base64')

const good: LockedPackage = { name: 'good', version: '1.0.0', integrity: 'sha512-good' }
const scoped: LockedPackage = { name: '@scope/pkg', version: '2.0.0', integrity: 'sha512-scoped' }
const tampered: LockedPackage = { name: 'tampered', version: '1.0.0', integrity: 'sha512-lock' }
const unsigned: LockedPackage = { name: 'unsigned', version: '1.0.0', integrity: 'sha512-u' }
const forged: LockedPackage = { name: 'forged', version: '1.0.0', integrity: 'sha512-f' }

const packuments: Record<string, unknown> = {
  good: {
    versions: {
      '1.0.0': {
        dist: {
          integrity: good.integrity,
          signatures: [{ keyid, sig: signed('good@1.0.0', good.integrity) }],
        },
      },
    },
  },
  '@scope%2fpkg': {
    versions: {
      '2.0.0': {
        dist: {
          integrity: scoped.integrity,
          signatures: [{ keyid, sig: signed('@scope/pkg@2.0.0', scoped.integrity) }],
        },
      },
    },
  },
  tampered: {
    versions: {
      '1.0.0': {
        dist: {
          integrity: 'sha512-other',
          signatures: [{ keyid, sig: signed('tampered@1.0.0', 'sha512-other') }],
        },
      },
    },
  },
  unsigned: { versions: { '1.0.0': { dist: { integrity: unsigned.integrity } } } },
  forged: {
    versions: {
      '1.0.0': {
        dist: {
          integrity: forged.integrity,
          signatures: [{ keyid, sig: signed('forged@1.0.0', forged.integrity, other.privateKey) }],
        },
      },
    },
  },
}

let server: Server
let registry: string
let publishKeys = true
beforeAll(async () => {
  server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').slice(1)).replace('@scope/', '@scope%2f')
    const body =
      path === '-/npm/v1/keys'
        ? publishKeys
          ? {
              keys: [
                {
                  keyid,
                  expires: null,
                  key: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
                },
              ],
            }
          : undefined
        : packuments[path]
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body ?? { error: 'not found' }))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(() => new Promise<void>((done) => server.close(() => done())))

describe('checkSignatures', () => {
  test('default: signed packages, scoped ones too, pass', async () => {
    expect(await checkSignatures([good, scoped], registry)).toEqual({ checked: 2, failures: [] })
  })

  test('error: a changed integrity, a missing signature and a signature by another key each fail, by name', async () => {
    const report = await checkSignatures([good, tampered, unsigned, forged], registry)
    expect(report.failures).toEqual([
      'forged@1.0.0: invalid registry signature',
      "tampered@1.0.0: the registry's integrity differs from the lockfile's",
      'unsigned@1.0.0: no registry signature',
    ])
  })

  test('error: a package the registry does not have fails', async () => {
    const report = await checkSignatures(
      [{ name: 'gone', version: '1.0.0', integrity: 'x' }],
      registry,
    )
    expect(report.failures).toEqual(['gone@1.0.0: not on the registry'])
  })

  test('behavior: a registry with no keys is reported as unchecked, never as passed', async () => {
    publishKeys = false
    try {
      expect(await checkSignatures([good], registry)).toEqual({
        checked: 0,
        failures: [],
        noKeys: true,
      })
    } finally {
      publishKeys = true
    }
  })
})

describe('lockedPackages', () => {
  test('default: registry packages once each; root, links and bundled ones left out', () => {
    const lockfile = JSON.stringify({
      packages: {
        '': { name: 'app', version: '1.0.0' },
        'node_modules/good': { version: '1.0.0', integrity: 'sha512-good' },
        'node_modules/a/node_modules/good': { version: '1.0.0', integrity: 'sha512-good' },
        'node_modules/@scope/pkg': { version: '2.0.0', integrity: 'sha512-scoped' },
        'node_modules/local': { link: true },
        'node_modules/x/node_modules/bundled': { version: '1.0.0', integrity: 'i', inBundle: true },
      },
    })
    expect(lockedPackages(lockfile)).toEqual([good, scoped])
  })
})
