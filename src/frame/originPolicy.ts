import { OptionsValidationError } from '../errors/OptionsValidationError'

/** Dev default: loopback on any port and any `*.test` host (the e2e's dapp.test). */
export const devAllowedOrigins: readonly string[] = [
  'http://127.0.0.1:*',
  'http://localhost:*',
  'http://*.test:*',
  'https://*.test:*',
]

/** Which dapp origins may embed the frame, per project. */
export interface OriginPolicy {
  /** The origin patterns of a project, as CSP `frame-ancestors` sources; [] when none. */
  getAllowedOrigins(projectId: string): readonly string[]
  /** Whether `origin` (e.g. `https://dapp.example`) may embed the frame for `projectId`. */
  isOriginAllowed(projectId: string, origin: string): boolean
}

interface Pattern {
  scheme?: string | undefined
  wildcardHost: boolean
  host: string
  port?: string | undefined
}

// A subset of CSP host-source syntax: [scheme://][*.]host[:port|:*]
const patternRegex = /^(?:(https?):\/\/)?(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d{1,5}|\*))?$/

function parsePattern(pattern: string, projectId: string): Pattern {
  const match = patternRegex.exec(pattern.toLowerCase())
  if (!match?.[3])
    throw new OptionsValidationError({
      option: `allowedOrigins.${projectId}`,
      reason: `"${pattern}" is not an origin pattern like https://dapp.example, http://127.0.0.1:* or https://*.example.`,
    })
  return { scheme: match[1], wildcardHost: match[2] !== undefined, host: match[3], port: match[4] }
}

function matches(pattern: Pattern, url: URL): boolean {
  const scheme = url.protocol.slice(0, -1)
  if (pattern.scheme ? pattern.scheme !== scheme : scheme !== 'http' && scheme !== 'https')
    return false
  const host = url.hostname
  if (pattern.wildcardHost ? !host.endsWith(`.${pattern.host}`) : host !== pattern.host)
    return false
  if (pattern.port === '*') return true
  return (pattern.port ?? '') === url.port
}

/**
 * Builds the origin lookup from `allowedOrigins` ({ [projectId]: patterns }, `'*'` for any
 * project); with none, every project gets {@link devAllowedOrigins}.
 */
export function createOriginPolicy(
  allowedOrigins?: Record<string, readonly string[]> | undefined,
): OriginPolicy {
  const table = new Map<string, { sources: readonly string[]; patterns: Pattern[] }>()
  for (const [projectId, sources] of Object.entries(allowedOrigins ?? { '*': devAllowedOrigins }))
    table.set(projectId, {
      sources,
      patterns: sources.map((source) => parsePattern(source, projectId)),
    })
  const lookup = (projectId: string) => table.get(projectId) ?? table.get('*')
  return {
    getAllowedOrigins: (projectId) => lookup(projectId)?.sources ?? [],
    isOriginAllowed(projectId, origin) {
      const entry = lookup(projectId)
      if (!entry || !URL.canParse(origin)) return false
      const url = new URL(origin)
      if (url.origin !== origin) return false
      return entry.patterns.some((pattern) => matches(pattern, url))
    },
  }
}
