import { readFile } from 'node:fs/promises'
import type { ElementHandle, Page } from 'playwright-core'
import type { RgbaImage } from '../harness/decodePng'

/**
 * The host-CSS lab (hostCss.test.ts): the playground app with its own stylesheet taken away, so
 * the page holds only `latchkey/styles.css` (the source file users get as `dist/ui/styles.css`)
 * and, swapped in place, one host stylesheet after it, as an app's own `index.css` comes after a
 * library's. The modal's DOM stays the same while the host sheet changes, so every capture of a
 * view compares the same elements.
 */

const stylesUrl = new URL('../../ui/styles.css', import.meta.url)

/** Serves `ui/styles.css` in place of the playground's bundled CSS (Latchkey's plus its own). */
export async function serveLatchkeyStylesOnly(page: Page) {
  const css = await readFile(stylesUrl, 'utf8')
  await page.route('**/assets/*.css', (route) =>
    route.fulfill({ status: 200, contentType: 'text/css; charset=utf-8', body: css }),
  )
}

/** A view's computed styles and pixels under one host sheet (or none). */
export interface Capture {
  /**
   * Every computed value that differs from the bare capture of the same view, as readable lines:
   * `key property: bare value → host value`, or a row `missing` or `extra` (none when bare).
   */
  differences: string[]
  png: Buffer
}

/**
 * Puts `css` after the page's own sheets and captures `element` (the dialog, the connect button)
 * under it: every computed style and its pixels. Without `css`, the bare page: its styles stay in
 * the page under `key`, and a capture with a sheet and the same `key` compares with them there.
 * Only the differences cross to Node: shipping every value of every capture (hundreds of rows of
 * some 400 longhands) was most of the test's time.
 *
 * The sheet is a constructed stylesheet: the playground's CSP (`style-src 'self'`) refuses an
 * inline `<style>`, which would leave every comparison bare against bare. `element` is a handle
 * kept for a view's captures: a locator resolves it again each time, in three round trips.
 */
export async function capture(
  page: Page,
  element: ElementHandle,
  { key, css }: { key: string; css?: string | undefined },
): Promise<Capture> {
  const { differences, box } = await element.evaluate(
    async (root, { key, css }) => {
      if (!(root instanceof Element) || !root.isConnected)
        throw new Error(`capture: the element of ${key} left the page`)
      const sheet = new CSSStyleSheet()
      sheet.replaceSync(css ?? '')
      document.adoptedStyleSheets = css ? [sheet] : []
      const rules = document.adoptedStyleSheets.reduce(
        (sum, added) => sum + added.cssRules.length,
        0,
      )
      if (css?.trim() && rules === 0) throw new Error('capture: the host sheet was not applied')

      // settled: the same box now and in three frames running (a view's height animates in), and
      // no transition left in the subtree: a sheet swap starts `color` ones, 0.01 ms each under
      // reduced motion but each a frame further down the tree, and one caught mid-way reads as an
      // `oklab()` of the same colour
      const frame = () => new Promise((done) => requestAnimationFrame(done))
      const measure = () => {
        const { x, y, width, height } = root.getBoundingClientRect()
        return { x, y, width, height }
      }
      const transitioning = () =>
        root
          .getAnimations({ subtree: true })
          .some((animation) => animation instanceof CSSTransition)
      let box = measure()
      for (let same = 0, i = 0; (same < 3 || transitioning()) && i < 120; i++) {
        await frame()
        const next = measure()
        same = JSON.stringify(next) === JSON.stringify(box) ? same + 1 : 0
        box = next
      }

      const names = Array.from(getComputedStyle(root)).filter((name) => !name.startsWith('--'))
      const describe = (el: Element, index: number) => {
        const lk = el.getAttributeNames().find((name) => name.startsWith('data-lk-'))
        const id = el.getAttribute('data-testid')
        return `${index} ${el.tagName.toLowerCase()}${lk ? `[${lk}]` : ''}${id ? `[${id}]` : ''}`
      }
      const rows = new Map<string, string[]>()
      const elements = [root, ...Array.from(root.querySelectorAll('*'))]
      elements.forEach((el, index) => {
        const key = describe(el, index)
        const read = (style: CSSStyleDeclaration) =>
          names.map((name) => style.getPropertyValue(name))
        rows.set(key, read(getComputedStyle(el)))
        const pseudos = el.tagName === 'INPUT' ? ['::before', '::after', '::placeholder'] : []
        for (const pseudo of ['::before', '::after', ...pseudos]) {
          const style = getComputedStyle(el, pseudo)
          const rendered =
            pseudo === '::placeholder' || style.getPropertyValue('content') !== 'none'
          if (rendered) rows.set(`${key}${pseudo}`, read(style))
        }
      })

      type Styles = { names: string[]; rows: Map<string, string[]> }
      const lab = globalThis as { latchkeyBareStyles?: Map<string, Styles> }
      lab.latchkeyBareStyles ??= new Map()
      if (!css) {
        lab.latchkeyBareStyles.set(key, { names, rows })
        return { differences: [], box }
      }
      const bare = lab.latchkeyBareStyles.get(key)
      if (!bare) throw new Error(`capture: no bare capture of ${key}`)
      const differences: string[] = []
      for (const [row, bareValues] of bare.rows) {
        const values = rows.get(row)
        if (!values) differences.push(`${row}: missing`)
        else
          bareValues.forEach((value, i) => {
            if (values[i] !== value)
              differences.push(`${row} ${bare.names[i]}: ${value} → ${values[i]}`)
          })
      }
      for (const row of rows.keys()) if (!bare.rows.has(row)) differences.push(`${row}: extra`)
      return { differences, box }
    },
    { key, css },
  )
  // a clip of the page: an element screenshot waits seconds for stability checks
  const png = await page.screenshot({ clip: box, animations: 'disabled', caret: 'hide' })
  return { differences, png }
}

/** Takes the host sheet away: the bare page, for the steps between views. */
export async function clearHostCss(page: Page) {
  await page.evaluate(() => {
    document.adoptedStyleSheets = []
  })
}

/** The first `limit` of `lines` (a new array), and how many more there are. */
export function firstLines(lines: string[], limit = 12): string[] {
  const first = lines.slice(0, limit)
  if (lines.length > limit) first.push(`… ${lines.length - limit} more`)
  return first
}

/** How two screenshots differ: their sizes, and the share of pixels that differ visibly. */
export interface PixelDifference {
  size: [string, string]
  ratio: number
}

/**
 * Compares two decoded screenshots: a pixel differs when a channel is off by more than 8. The
 * corner squares (the dialog's radius) show the page behind the rounded corners and are left out.
 */
export function pixelDifference(x: RgbaImage, y: RgbaImage, corner = 24): PixelDifference {
  const size: [string, string] = [`${x.width}×${x.height}`, `${y.width}×${y.height}`]
  if (size[0] !== size[1]) return { size, ratio: 1 }
  let differing = 0
  let counted = 0
  for (let row = 0; row < x.height; row++)
    for (let col = 0; col < x.width; col++) {
      const inCorner =
        (col < corner || col >= x.width - corner) && (row < corner || row >= x.height - corner)
      if (inCorner) continue
      counted++
      const i = (row * x.width + col) * 4
      for (let c = 0; c < 4; c++)
        if (Math.abs((x.rgba[i + c] as number) - (y.rgba[i + c] as number)) > 8) {
          differing++
          break
        }
    }
  return { size, ratio: counted ? differing / counted : 0 }
}
