/**
 * Checks the registry signature of every package in `package-lock.json` (plan row J), the way
 * `npm audit signatures` does for registry signatures, without its sigstore attestation step
 * (which needs hosts beyond the registry): the registry's public keys from `-/npm/v1/keys`, then
 * for each locked `name@version` the packument's `dist.signatures`, an ECDSA P-256 signature over
 * `name@version:integrity`, and the packument's integrity equal to the lockfile's.
 *
 * Exits 1 naming every package whose signature is missing or invalid or whose integrity differs.
 * A registry that publishes no keys (404) cannot be checked: the script says so and exits 0, or
 * 1 with `--require` (set `LATCHKEY_REQUIRE_SIGNATURES=1` in CI where the registry has keys).
 *
 * Usage: `tsx scripts/checkRegistrySignatures.ts [--lockfile path] [--registry url] [--require]`
 */
import { createPublicKey, verify } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

interface RegistryKey {
  keyid: string
  key: string
  expires: string | null
}

/** One locked package to check. */
export interface LockedPackage {
  name: string
  version: string
  integrity: string
}

/** What the check found. */
export interface SignatureReport {
  checked: number
  /** `name@version: reason` for each package that failed. */
  failures: string[]
  /** Set when the registry publishes no keys, so nothing could be checked. */
  noKeys?: true
}

/** Every registry package the lockfile installs (links, the root and bundled ones excluded). */
export function lockedPackages(lockfile: string): LockedPackage[] {
  const lock = JSON.parse(lockfile) as {
    packages: Record<
      string,
      { version?: string; integrity?: string; link?: boolean; inBundle?: boolean; name?: string }
    >
  }
  const seen = new Set<string>()
  const locked: LockedPackage[] = []
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path || entry.link || entry.inBundle || !entry.version || !entry.integrity) continue
    const name =
      entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)
    const id = `${name}@${entry.version}`
    if (seen.has(id)) continue
    seen.add(id)
    locked.push({ name, version: entry.version, integrity: entry.integrity })
  }
  return locked
}

async function fetchJson(url: string, accept = 'application/json'): Promise<unknown> {
  const response = await fetch(url, { headers: { accept } })
  if (response.status === 404) return undefined
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return response.json()
}

/**
 * Checks `packages` against `registry` (a URL ending in `/`), 16 at a time.
 * @example
 * await checkSignatures(lockedPackages(readFileSync('package-lock.json', 'utf8')), 'https://registry.npmjs.org/')
 */
export async function checkSignatures(
  packages: readonly LockedPackage[],
  registry: string,
): Promise<SignatureReport> {
  const keyList = (await fetchJson(`${registry}-/npm/v1/keys`)) as
    | { keys?: RegistryKey[] }
    | undefined
  if (!keyList?.keys?.length) return { checked: 0, failures: [], noKeys: true }
  const keys = new Map(
    keyList.keys.map((key) => [
      key.keyid,
      {
        expires: key.expires ? Date.parse(key.expires) : Number.POSITIVE_INFINITY,
        publicKey: createPublicKey({
          key: Buffer.from(key.key, 'base64'),
          format: 'der',
          type: 'spki',
        }),
      },
    ]),
  )
  const failures: string[] = []
  const packuments = new Map<string, Promise<unknown>>()
  const checkOne = async ({ name, version, integrity }: LockedPackage) => {
    const id = `${name}@${version}`
    let packument = packuments.get(name)
    if (!packument) {
      packument = fetchJson(
        `${registry}${name.replace('/', '%2f')}`,
        'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8',
      )
      packuments.set(name, packument)
    }
    const document = (await packument) as
      | {
          versions?: Record<
            string,
            { dist?: { integrity?: string; signatures?: { keyid: string; sig: string }[] } }
          >
          time?: Record<string, string>
        }
      | undefined
    const dist = document?.versions?.[version]?.dist
    if (!dist) return failures.push(`${id}: not on the registry`)
    if (dist.integrity !== integrity)
      return failures.push(`${id}: the registry's integrity differs from the lockfile's`)
    const signatures = dist.signatures ?? []
    if (!signatures.length) return failures.push(`${id}: no registry signature`)
    const published = document?.time?.[version] ? Date.parse(document.time[version]) : Date.now()
    const valid = signatures.some(({ keyid, sig }) => {
      const key = keys.get(keyid)
      if (!key || key.expires < published) return false
      return verify(
        'sha256',
        Buffer.from(`${id}:${integrity}`),
        key.publicKey,
        Buffer.from(sig, 'base64'),
      )
    })
    if (!valid) failures.push(`${id}: invalid registry signature`)
  }
  const queue = [...packages]
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await checkOne(next)
    }),
  )
  return { checked: packages.length, failures: failures.sort() }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      lockfile: { type: 'string', default: 'package-lock.json' },
      registry: { type: 'string' },
      require: { type: 'boolean', default: process.env.LATCHKEY_REQUIRE_SIGNATURES === '1' },
    },
  })
  const registry = (
    values.registry ??
    process.env.npm_config_registry ??
    'https://registry.npmjs.org/'
  ).replace(/\/?$/, '/')
  const packages = lockedPackages(readFileSync(values.lockfile, 'utf8'))
  const report = await checkSignatures(packages, registry)
  if (report.noKeys) {
    console.error(
      `registry signatures: ${registry} publishes no signing keys (-/npm/v1/keys is 404), so the ${packages.length} locked packages cannot be checked${values.require ? '' : ' (pass --require to fail on this)'}`,
    )
    process.exit(values.require ? 1 : 0)
  }
  for (const failure of report.failures) console.error(`registry signatures: ${failure}`)
  console.log(
    `registry signatures: ${report.checked - report.failures.length} of ${report.checked} locked packages verified`,
  )
  process.exit(report.failures.length ? 1 : 0)
}
