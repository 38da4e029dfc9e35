import { InvalidFrameUrlError } from '../errors/InvalidFrameUrlError'

/** Parameters of {@link getFrameSrc}: the frame URL and the query of SPEC §2. */
export type GetFrameSrcParameters = {
  /** URL of the frame page on the Latchkey server; its origin is the only one trusted. */
  frameUrl: string
  /** Project id passed to the frame in its query. */
  projectId?: string | undefined
  /** Chain id passed to the frame in its query. */
  chainId: number | string
  /** Latchkey version passed to the frame in its query. */
  version: string
  /** Whether the frame logs to its console. @default false */
  enableLogger?: boolean | undefined
  /**
   * Where the visitor approves: `frame` (in the iframe, where the browser can prove it is fully
   * visible, else in the wallet's popup) or `popup` (always in a popup window of the wallet
   * origin, `approvals=popup`: safer, one more window). @default 'frame'
   */
  approvals?: 'frame' | 'popup' | undefined
}

/** The iframe's `src` (frame URL plus projectId, chainId, version, enableLogger, approvals) and its exact origin. */
export function getFrameSrc(parameters: GetFrameSrcParameters): { src: string; origin: string } {
  const { frameUrl, projectId, chainId, version, enableLogger = false } = parameters
  let url: URL
  try {
    url = new URL(frameUrl)
  } catch {
    throw new InvalidFrameUrlError({ frameUrl })
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    throw new InvalidFrameUrlError({ frameUrl })
  if (projectId !== undefined) url.searchParams.set('projectId', projectId)
  url.searchParams.set('chainId', String(chainId))
  url.searchParams.set('version', version)
  url.searchParams.set('enableLogger', String(enableLogger))
  if (parameters.approvals === 'popup') url.searchParams.set('approvals', 'popup')
  return { src: url.href, origin: url.origin }
}
