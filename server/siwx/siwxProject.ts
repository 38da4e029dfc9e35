import { createPublicClient, custom, defineChain } from 'viem'
import { ChainNotSupportedError } from '../../src/errors/ChainNotSupportedError'
import { SiwxNotConfiguredError } from '../../src/errors/SiwxNotConfiguredError'
import { parseSiwxMessage } from '../../src/siwx/parseSiwxMessage'
import type { ServerContext } from '../context'
import type { SiwxProjectOptions } from './siwxOptions'
import type { SiwxExpectations, SiwxVerifyClient } from './verifySiwx'

const tables = new WeakMap<object, ReadonlyMap<string, SiwxProjectOptions>>()

// Project ids come from URLs: a Map, so `__proto__` or `constructor` are ordinary unknown ids.
function projectTable(
  context: Pick<ServerContext, 'options'>,
): ReadonlyMap<string, SiwxProjectOptions> {
  const options = context.options.siwx
  if (!options) return new Map()
  let table = tables.get(options)
  if (!table) {
    table = new Map(Object.entries(options))
    tables.set(options, table)
  }
  return table
}

/** Whether the server has sign-in options for `projectId` (its own or `'*'`). */
export function hasSiwxProject(
  context: Pick<ServerContext, 'options'>,
  projectId: string,
): boolean {
  const table = projectTable(context)
  return table.has(projectId) || table.has('*')
}

/** A project's sign-in options (its own, else `'*'`); throws `SiwxNotConfiguredError` when none. */
export function getSiwxProject(
  context: Pick<ServerContext, 'options'>,
  projectId: string,
): SiwxProjectOptions {
  const table = projectTable(context)
  const project = table.get(projectId) ?? table.get('*')
  if (!project || project.domains.length === 0) throw new SiwxNotConfiguredError({ projectId })
  return project
}

/**
 * The verifier's expectations for `message`: its domain and URI when they are on the project's
 * lists, else the first entry (so the verifier rejects with DOMAIN_MISMATCH / URI_MISMATCH).
 */
export function siwxExpectations(project: SiwxProjectOptions, message: string): SiwxExpectations {
  let domain: string | undefined
  let uri: string | undefined
  try {
    ;({ domain, uri } = parseSiwxMessage(message))
  } catch {
    // Unparseable: the verifier names the reason.
  }
  const [firstDomain = ''] = project.domains
  return {
    domain: domain !== undefined && project.domains.includes(domain) ? domain : firstDomain,
    uri: project.uris && (uri !== undefined && project.uris.includes(uri) ? uri : project.uris[0]),
    chainIds: project.chainIds,
    solanaClusters: project.solanaClusters,
    maxAge: project.maxAgeMs,
  }
}

// A chain allowed for sign-in without an RPC URL: EOAs verify locally, a contract account's
// check fails closed (RPC_ERROR) because this transport answers nothing.
function offlineClient(chainId: number): SiwxVerifyClient {
  const chain = defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  })
  const transport = custom(
    {
      request: async () => {
        throw new ChainNotSupportedError({ chainId })
      },
    },
    { retryCount: 0 },
  )
  return createPublicClient({ chain, transport })
}

/** Verify clients by chain id: the configured RPC clients, and offline ones for other allowed chains. */
export function siwxPublicClients(
  context: Pick<ServerContext, 'chains'>,
  project: SiwxProjectOptions,
): Record<number, SiwxVerifyClient> {
  const clients: Record<number, SiwxVerifyClient> = {}
  for (const id of context.chains.ids()) clients[id] = context.chains.get(id).client
  for (const id of project.chainIds ?? []) clients[id] ??= offlineClient(id)
  return clients
}
