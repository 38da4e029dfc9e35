import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'esbuild'
import { FrameAssetsUnavailableError } from './FrameAssetsUnavailableError'

/** One built file of the frame page, served at `/frame/assets/<name>`. */
export type FrameAsset = { name: string; contentType: string; body: Uint8Array; integrity: string }

/**
 * The frame page's script and style, the approval popup's script (it shares the style), and the
 * import chunk the frame loads only when a wallet is imported, with content-hashed names and SRI
 * hashes.
 */
export type FrameAssets = {
  script: FrameAsset
  style: FrameAsset
  popupScript: FrameAsset
  importScript: FrameAsset
}

/** `manifest.json` of a prebuilt folder: the file names and their SRI hashes. */
export type FrameAssetsManifest = {
  script: { name: string; integrity: string }
  style: { name: string; integrity: string }
  popupScript: { name: string; integrity: string }
  importScript: { name: string; integrity: string }
}

/**
 * Folder of the page's sources (the top-level `frame/` layer), when this module runs from the
 * source tree (a `.ts` file: dev, tests); undefined in the published build, which serves prebuilt
 * assets.
 */
export const framePageDir = import.meta.url.endsWith('.ts')
  ? fileURLToPath(new URL('../../frame/', import.meta.url))
  : undefined

// zod re-exports every locale as a namespace (`z.locales`), which esbuild cannot shake: the page
// only speaks English, so the locale index becomes `en` alone (about 260 KB less).
const englishOnlyZod: Plugin = {
  name: 'latchkey-zod-english-only',
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${sep}zod${sep}`)
        ? { path: join(dirname(args.importer), '..', 'locales', 'en.js') }
        : undefined,
    )
  },
}

function asset(kind: 'js' | 'css', body: Uint8Array, prefix = 'frame'): FrameAsset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16)
  return {
    name: `${prefix}-${hash}.${kind}`,
    contentType: kind === 'js' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
    body,
    integrity: `sha384-${createHash('sha384').update(body).digest('base64')}`,
  }
}

const browserBuild = {
  bundle: true,
  minify: true,
  format: 'iife' as const,
  platform: 'browser' as const,
  target: ['chrome100', 'firefox100', 'safari15'],
  write: false as const,
  legalComments: 'none' as const,
  logLevel: 'silent' as const,
}

/**
 * Bundles `frame/main.ts` (and its CSS) and `popup.ts` (the approval popup) with
 * esbuild: minified IIFEs for browsers. The import chunk (`importWallet/chunk.ts`) is built
 * first: its name and SRI hash go into the frame's script, which loads it on demand.
 * esbuild is a dev dependency, loaded only here. With `outDir`, also writes the files and
 * `manifest.json` (the build step: `tsx server/frame/buildFrameAssetsScript.ts dist/frame`).
 */
export async function buildFrameAssets(options: { outDir?: string } = {}): Promise<FrameAssets> {
  if (!framePageDir)
    throw new FrameAssetsUnavailableError({
      searched: [],
      cause: 'The frame page sources (frame/) exist only in a source checkout.',
    })
  const esbuild = await import('esbuild')
  const chunk = await esbuild.build({
    ...browserBuild,
    entryPoints: [join(framePageDir, 'importWallet', 'chunk.ts')],
    outdir: 'frame-out',
    entryNames: '[name]',
    plugins: [englishOnlyZod],
  })
  const importBody = chunk.outputFiles.find((file) => file.path.endsWith(`${sep}chunk.js`))
  if (!importBody)
    throw new FrameAssetsUnavailableError({ searched: [], cause: 'esbuild made no import chunk.' })
  const importScript = asset('js', importBody.contents, 'import')
  const result = await esbuild.build({
    ...browserBuild,
    entryPoints: [join(framePageDir, 'main.ts'), join(framePageDir, 'popup.ts')],
    outdir: 'frame-out',
    entryNames: '[name]',
    plugins: [englishOnlyZod],
    define: {
      LATCHKEY_IMPORT_CHUNK: JSON.stringify({
        name: importScript.name,
        integrity: importScript.integrity,
      }),
    },
  })
  const find = (name: string) =>
    result.outputFiles.find((file) => file.path.endsWith(`${sep}${name}`))
  const script = find('main.js')
  const style = find('main.css')
  const popupScript = find('popup.js')
  if (!script || !style || !popupScript)
    throw new FrameAssetsUnavailableError({
      searched: [],
      cause: 'esbuild produced no script or no style.',
    })
  const assets = {
    script: asset('js', script.contents),
    style: asset('css', style.contents),
    popupScript: asset('js', popupScript.contents, 'popup'),
    importScript,
  }
  if (options.outDir) await writeFrameAssets(assets, options.outDir)
  return assets
}

/** Writes the assets and `manifest.json` into `outDir`. */
export async function writeFrameAssets(assets: FrameAssets, outDir: string): Promise<void> {
  await mkdir(join(outDir, 'assets'), { recursive: true })
  for (const file of [assets.script, assets.style, assets.popupScript, assets.importScript])
    await writeFile(join(outDir, 'assets', file.name), file.body)
  const manifest: FrameAssetsManifest = {
    script: { name: assets.script.name, integrity: assets.script.integrity },
    style: { name: assets.style.name, integrity: assets.style.integrity },
    popupScript: { name: assets.popupScript.name, integrity: assets.popupScript.integrity },
    importScript: { name: assets.importScript.name, integrity: assets.importScript.integrity },
  }
  await writeFile(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
}
