import { DirectoryUnavailableError } from '../errors/DirectoryUnavailableError'
import { readLimitedText } from '../utils/readLimitedText'
import { version } from '../version'
import { type DirectoryWallet, parseDirectoryAnswer } from './directoryWallet'

/** SPEC §9: the wallet list's page size. */
export const directoryPageSize = 40
/** SPEC §9: a search asks for this many entries. */
export const directorySearchSize = 100
/** How long a directory call may take before it counts as failed, in ms. */
export const directoryTimeoutMs = 10_000
/** Largest directory answer read, in bytes (a page of 100 wallets is far smaller; plan I3). */
export const maxDirectoryAnswerBytes = 2 * 1024 * 1024

/** The body as text, or a {@link DirectoryUnavailableError} once it passes the size cap. */
function readCapped(response: Response): Promise<string> {
  return readLimitedText(
    response,
    maxDirectoryAnswerBytes,
    () => new DirectoryUnavailableError({ reason: 'too large' }),
  )
}

/** Query of `GET /getWallets` (SPEC §7). */
export interface GetWalletsParameters {
  page: number
  entries: number
  include?: readonly string[] | undefined
  exclude?: readonly string[] | undefined
  search?: string | undefined
  badgeType?: 'certified' | 'none' | undefined
  /** CAIP-2 chain ids: only wallets for these chains. */
  chains?: readonly string[] | undefined
  signal?: AbortSignal | undefined
}

/** Parameters of {@link createDirectoryClient}. */
export interface CreateDirectoryClientParameters {
  /** Base URL of a directory speaking SPEC §7's API: `latchkey serve`'s, or any compatible one. */
  url: string
  projectId?: string | undefined
  /** @default globalThis.fetch */
  fetch?: typeof fetch | undefined
  /** @default directoryTimeoutMs */
  timeoutMs?: number | undefined
}

/** What {@link createDirectoryClient} returns. */
export interface DirectoryClient {
  /** One page of wallets and the directory's total. @throws {DirectoryUnavailableError} */
  getWallets(
    parameters: GetWalletsParameters,
  ): Promise<{ wallets: DirectoryWallet[]; count: number }>
  /** Where a wallet's image is: its `image_url`, else the directory's image for `image_id`. */
  getWalletImageUrl(wallet: DirectoryWallet): string | undefined
}

/**
 * The client of a wallet directory (SPEC §7 "Provider directory API"). Every query carries the
 * project id, the SDK type and version; answers are validated and unsafe entries dropped one by
 * one (`parseDirectoryAnswer`); any failure is a {@link DirectoryUnavailableError}, never an empty
 * list.
 */
export function createDirectoryClient(
  parameters: CreateDirectoryClientParameters,
): DirectoryClient {
  const base = parameters.url.replace(/\/+$/, '')
  const timeoutMs = parameters.timeoutMs ?? directoryTimeoutMs

  function query(path: string, values: Record<string, string | undefined>): string {
    const search = new URLSearchParams()
    if (parameters.projectId) search.set('projectId', parameters.projectId)
    search.set('st', 'latchkey')
    search.set('sv', version)
    for (const [key, value] of Object.entries(values))
      if (value !== undefined) search.set(key, value)
    return `${base}${path}?${search}`
  }

  async function read(url: string, signal: AbortSignal | undefined): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs)
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
    let response: Response
    try {
      response = await (parameters.fetch ?? globalThis.fetch)(url, {
        signal: combined,
        headers: { accept: 'application/json' },
      })
    } catch (cause) {
      if (signal?.aborted) throw signal.reason
      const reason = timeout.aborted ? 'timeout' : 'network'
      throw new DirectoryUnavailableError({ reason, cause })
    }
    if (!response.ok) throw new DirectoryUnavailableError({ reason: `http ${response.status}` })
    let text: string
    try {
      text = await readCapped(response)
    } catch (cause) {
      if (cause instanceof DirectoryUnavailableError) throw cause
      if (signal?.aborted) throw signal.reason
      throw new DirectoryUnavailableError({
        reason: timeout.aborted ? 'timeout' : 'network',
        cause,
      })
    }
    try {
      return JSON.parse(text)
    } catch (cause) {
      throw new DirectoryUnavailableError({ reason: 'invalid answer', cause })
    }
  }

  const list = (ids: readonly string[] | undefined) => (ids?.length ? ids.join(',') : undefined)

  return {
    async getWallets({ page, entries, include, exclude, search, badgeType, chains, signal }) {
      const url = query('/getWallets', {
        page: String(page),
        entries: String(entries),
        include: list(include),
        exclude: list(exclude),
        search: search?.trim() || undefined,
        badge_type: badgeType,
        chains: list(chains),
      })
      const answer = parseDirectoryAnswer(await read(url, signal))
      if (!answer) throw new DirectoryUnavailableError({ reason: 'invalid answer' })
      return answer
    },
    getWalletImageUrl(wallet) {
      if (wallet.image_url) return wallet.image_url
      if (!wallet.image_id) return undefined
      return query(`/getWalletImage/${encodeURIComponent(wallet.image_id)}`, {})
    },
  }
}
