import { InvalidFrameUrlError } from '../errors/InvalidFrameUrlError'

/** Parameters of {@link getFrameSrc}: the frame URL and the query of SPEC §2. */
export type GetFrameSrcParameters = {
  frameUrl: string
  projectId?: string | undefined
  chainId: number | string
  version: string
  enableLogger?: boolean | undefined
  /** `popup`: approvals always happen in the wallet's popup window (`approvals=popup`). */
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
