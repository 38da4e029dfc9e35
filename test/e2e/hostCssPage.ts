import { readFile } from 'node:fs/promises'
import type { Locator, Page } from 'playwright-core'

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

/**
 * Puts `css` (empty: the bare page) after the page's own sheets, as a constructed stylesheet: the
 * playground's CSP (`style-src 'self'`) refuses an inline `<style>`, which would leave every
 * comparison bare against bare. Throws when the sheet did not take.
 */
export async function setHostCss(page: Page, css: string) {
  const rules = await page.evaluate(async (text) => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(text)
    document.adoptedStyleSheets = text ? [sheet] : []
    // two frames: style, layout and paint have caught up
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
    return document.adoptedStyleSheets.reduce((sum, added) => sum + added.cssRules.length, 0)
  }, css)
  if (css.trim() && rules === 0) throw new Error('setHostCss: the host sheet was not applied')
}

/** Computed styles of an element and its subtree, and a screenshot of it. */
export interface Capture {
  /** Longhand names, in the order of each row's values. */
  names: string[]
  /** One row per element and per rendered pseudo-element: a readable key and the values. */
  rows: { key: string; values: string[] }[]
  png: Buffer
}

/** Captures `target` (the dialog, the connect button): every computed style and its pixels. */
export async function capture(target: Locator): Promise<Capture> {
  // settled: the same box in three frames running (a view's height animates in)
  await target.evaluate(async (el) => {
    const frame = () => new Promise((done) => requestAnimationFrame(done))
    let last = ''
    for (let same = 0, i = 0; same < 3 && i < 120; i++) {
      await frame()
      const { x, y, width, height } = el.getBoundingClientRect()
      const box = `${x} ${y} ${width} ${height}`
      same = box === last ? same + 1 : 0
      last = box
    }
  })
  const { names, rows } = await target.evaluate((root) => {
    const names = Array.from(getComputedStyle(root)).filter((name) => !name.startsWith('--'))
    const describe = (el: Element, index: number) => {
      const lk = el.getAttributeNames().find((name) => name.startsWith('data-lk-'))
      const id = el.getAttribute('data-testid')
      return `${index} ${el.tagName.toLowerCase()}${lk ? `[${lk}]` : ''}${id ? `[${id}]` : ''}`
    }
    const rows: { key: string; values: string[] }[] = []
    const elements = [root, ...Array.from(root.querySelectorAll('*'))]
    elements.forEach((el, index) => {
      const key = describe(el, index)
      const read = (style: CSSStyleDeclaration) => names.map((name) => style.getPropertyValue(name))
      rows.push({ key, values: read(getComputedStyle(el)) })
      const pseudos = el.tagName === 'INPUT' ? ['::before', '::after', '::placeholder'] : []
      for (const pseudo of ['::before', '::after', ...pseudos]) {
        const style = getComputedStyle(el, pseudo)
        const rendered = pseudo === '::placeholder' || style.getPropertyValue('content') !== 'none'
        if (rendered) rows.push({ key: `${key}${pseudo}`, values: read(style) })
      }
    })
    return { names, rows }
  })
  // a clip of the page: an element screenshot waits seconds for stability checks
  const box = await target.boundingBox()
  if (!box) throw new Error('capture: the element is not visible')
  const png = await target.page().screenshot({ clip: box, animations: 'disabled', caret: 'hide' })
  return { names, rows, png }
}

/** Every computed value that differs between two captures of the same DOM, as readable lines. */
export function styleDifferences(bare: Capture, host: Capture, limit = 12): string[] {
  const lines: string[] = []
  const hostRows = new Map(host.rows.map((row) => [row.key, row.values]))
  let count = 0
  for (const row of bare.rows) {
    const values = hostRows.get(row.key)
    if (!values) {
      count++
      if (lines.length < limit) lines.push(`${row.key}: missing`)
      continue
    }
    row.values.forEach((value, i) => {
      if (values[i] === value) return
      count++
      if (lines.length < limit) lines.push(`${row.key} ${bare.names[i]}: ${value} → ${values[i]}`)
    })
  }
  for (const row of host.rows)
    if (!bare.rows.some((b) => b.key === row.key)) {
      count++
      if (lines.length < limit) lines.push(`${row.key}: extra`)
    }
  if (count > lines.length) lines.push(`… ${count - lines.length} more`)
  return lines
}

/** How two screenshots differ: their sizes, and the share of pixels that differ visibly. */
export interface PixelDifference {
  size: [string, string]
  ratio: number
}

/**
 * Compares two PNGs in Chromium (`comparer`: a page of a secure origin; decoding on an
 * OffscreenCanvas touches no DOM): a pixel differs when a channel is off by more than 8. The
 * corner squares (the dialog's radius) show the page behind the rounded corners and are left out.
 */
export async function pixelDifference(
  comparer: Page,
  a: Buffer,
  b: Buffer,
  corner = 24,
): Promise<PixelDifference> {
  return comparer.evaluate(
    async ([a, b, corner]) => {
      const decode = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
        const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
        context.drawImage(bitmap, 0, 0)
        return context.getImageData(0, 0, bitmap.width, bitmap.height)
      }
      const [x, y] = await Promise.all([decode(a as string), decode(b as string)])
      const size: [string, string] = [`${x.width}×${x.height}`, `${y.width}×${y.height}`]
      if (size[0] !== size[1]) return { size, ratio: 1 }
      const r = corner as number
      let differing = 0
      let counted = 0
      for (let row = 0; row < x.height; row++)
        for (let col = 0; col < x.width; col++) {
          const inCorner = (col < r || col >= x.width - r) && (row < r || row >= x.height - r)
          if (inCorner) continue
          counted++
          const i = (row * x.width + col) * 4
          for (let c = 0; c < 4; c++)
            if (Math.abs((x.data[i + c] as number) - (y.data[i + c] as number)) > 8) {
              differing++
              break
            }
        }
      return { size, ratio: counted ? differing / counted : 0 }
    },
    [a.toString('base64'), b.toString('base64'), corner] as const,
  )
}
