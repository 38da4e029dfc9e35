import { frameChainIdSchema } from '../src/schemas/frameValues'

/** The frame's query (SPEC §2): projectId, chainId, version, enableLogger; `approvals=popup` (issue 8). */
export type FrameConfig = {
  /** The project, or '*' (the server's default policy) when the host gave none. */
  projectId: string
  chainId: number | string
  hostVersion: string | undefined
  enableLogger: boolean
  /** The host asked for approvals in the wallet's popup (it can only make them safer). */
  popupApprovals: boolean
}

/** Reads the frame's query; bad values fall back to defaults (chain 1). */
export function readFrameConfig(search: string): FrameConfig {
  const query = new URLSearchParams(search)
  const projectId = query.get('projectId')
  const rawChainId = query.get('chainId') ?? '1'
  const chainId = frameChainIdSchema.safeParse(
    /^\d+$/.test(rawChainId) ? Number(rawChainId) : rawChainId,
  )
  return {
    projectId: projectId && projectId.length <= 200 ? projectId : '*',
    chainId: chainId.success ? chainId.data : 1,
    hostVersion: query.get('version')?.slice(0, 64) ?? undefined,
    enableLogger: query.get('enableLogger') === 'true',
    popupApprovals: query.get('approvals') === 'popup',
  }
}
