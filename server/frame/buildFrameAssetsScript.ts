/**
 * Build step for the frame page: `tsx server/frame/buildFrameAssetsScript.ts [outDir]` writes
 * the hashed script and style and `manifest.json` (default `dist/frame`), which a published
 * server serves without esbuild.
 */
import { buildFrameAssets } from './buildFrameAssets'

const outDir = process.argv[2] ?? 'dist/frame'
const assets = await buildFrameAssets({ outDir })
console.info(
  `latchkey: frame assets ${assets.script.name}, ${assets.style.name}, ${assets.popupScript.name}, ${assets.importScript.name} → ${outDir}`,
)
