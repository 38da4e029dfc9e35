import { FrameReplyError } from '../FrameReplyError'
import { type ImportChunk, importChunkGlobal } from './importChunk'

/**
 * The chunk's file name and SRI hash, written into the frame's script when it is built
 * (server/frame/buildFrameAssets.ts builds the chunk first).
 */
declare const LATCHKEY_IMPORT_CHUNK: { name: string; integrity: string }

const unavailable = () => new FrameReplyError({ message: 'The import screen did not load.' })

let loading: Promise<ImportChunk> | undefined

/**
 * Loads the import chunk once: a script of this origin (CSP `script-src 'self'`) with its SRI
 * hash, so only the chunk built with this frame runs. A failed load is tried again next time.
 */
export function loadImportChunk(): Promise<ImportChunk> {
  loading ??= new Promise<ImportChunk>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = `/frame/assets/${LATCHKEY_IMPORT_CHUNK.name}`
    script.integrity = LATCHKEY_IMPORT_CHUNK.integrity
    script.addEventListener('load', () => {
      const chunk = (window as unknown as Record<string, ImportChunk | undefined>)[
        importChunkGlobal
      ]
      if (chunk) resolve(chunk)
      else reject(unavailable())
    })
    script.addEventListener('error', () => reject(unavailable()))
    document.head.append(script)
  })
  loading.catch(() => {
    loading = undefined
  })
  return loading
}
