import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import {
  buildFrameAssets,
  type FrameAsset,
  type FrameAssets,
  framePageDir,
} from './buildFrameAssets'
import { FrameAssetsUnavailableError } from './FrameAssetsUnavailableError'

const manifestSchema = z.object({
  script: z.object({ name: z.string().regex(/^frame-[0-9a-f]{16}\.js$/), integrity: z.string() }),
  style: z.object({ name: z.string().regex(/^frame-[0-9a-f]{16}\.css$/), integrity: z.string() }),
  popupScript: z.object({
    name: z.string().regex(/^popup-[0-9a-f]{16}\.js$/),
    integrity: z.string(),
  }),
  importScript: z.object({
    name: z.string().regex(/^import-[0-9a-f]{16}\.js$/),
    integrity: z.string(),
  }),
})

/** Where a prebuilt `frame/manifest.json` may sit, from this module (source tree or dist chunk). */
export function prebuiltFrameDirs(): string[] {
  const here = fileURLToPath(new URL('.', import.meta.url))
  return [join(here, 'frame'), join(here, '..', 'frame'), join(here, '..', '..', 'dist', 'frame')]
}

async function readPrebuilt(dir: string): Promise<FrameAssets> {
  const manifest = manifestSchema.parse(
    JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')),
  )
  const read = async (
    entry: { name: string; integrity: string },
    contentType: string,
  ): Promise<FrameAsset> => ({
    name: entry.name,
    contentType,
    integrity: entry.integrity,
    body: new Uint8Array(await readFile(join(dir, 'assets', entry.name))),
  })
  return {
    script: await read(manifest.script, 'text/javascript; charset=utf-8'),
    style: await read(manifest.style, 'text/css; charset=utf-8'),
    popupScript: await read(manifest.popupScript, 'text/javascript; charset=utf-8'),
    importScript: await read(manifest.importScript, 'text/javascript; charset=utf-8'),
  }
}

function isMissingEsbuild(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  const message = (error as { message?: unknown } | null)?.message
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    typeof message === 'string' &&
    message.includes('esbuild')
  )
}

/**
 * The frame page's assets: in a source checkout (dev, tests) built now with esbuild from
 * `frame/`; otherwise (or without esbuild) read from a prebuilt folder with a
 * `manifest.json` (`dir`, else `dist/frame/`). Neither: {@link FrameAssetsUnavailableError}.
 */
export async function loadFrameAssets(options: { dir?: string } = {}): Promise<FrameAssets> {
  if (options.dir) return readPrebuilt(options.dir)
  let cause: unknown
  if (framePageDir && existsSync(join(framePageDir, 'main.ts')))
    try {
      return await buildFrameAssets()
    } catch (error) {
      if (!isMissingEsbuild(error)) throw error
      cause = error
    }
  const searched = prebuiltFrameDirs()
  const dir = searched.find((candidate) => existsSync(join(candidate, 'manifest.json')))
  if (!dir) throw new FrameAssetsUnavailableError({ searched, cause })
  return readPrebuilt(dir)
}
