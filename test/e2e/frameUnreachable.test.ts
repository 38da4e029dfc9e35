import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
import { byTestId, waitForView } from '../harness/page'

// Issue 9 "failures say what happened": an embedded wallet whose frame URL does not lead to a
// frame fails within seconds, not after the 20 s ready deadline, and the console names the URL
// and what to check. The playground on dapp.test, the frame URL on wallet.test (loopback).

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })

/** Submits an email in the Connect view; resolves with the time of the click. */
async function submitEmail(page: Page): Promise<number> {
  await byTestId(page, 'connect-button').click()
  await waitForView(page, 'Connect')
  await byTestId(page, 'email-input').fill('ada@example.com')
  const clicked = Date.now()
  await byTestId(page, 'email-input-submit').click()
  return clicked
}

/** Waits up to `ms` for the email field's error and returns it with the time it showed. */
async function errorWithin(page: Page, ms: number): Promise<{ text: string; at: number }> {
  const error = byTestId(page, 'email-input-error')
  await error.waitFor({ state: 'visible', timeout: ms })
  return { text: (await error.textContent()) ?? '', at: Date.now() }
}

describe('embedded wallet: a frame URL that leads nowhere', () => {
  const playgroundUrl = inject('playgroundUrl')
  let browser: TestBrowser
  let app: URL
  let closedPort: number
  let notFound: Server
  let notFoundPort: number

  beforeAll(async () => {
    // A port that was just free: nothing listens there (connection refused).
    const probe = createServer()
    closedPort = await listen(probe)
    await closeServer(probe)
    // A server that answers every request with a 404 page (a wrong path, a misrouted proxy).
    notFound = createServer((_, res) => {
      res.writeHead(404, { 'content-type': 'text/html' })
      res.end('<!doctype html><title>Not found</title><h1>Not found</h1>')
    })
    notFoundPort = await listen(notFound)
    app = new URL(playgroundUrl)
    app.hostname = 'dapp.test'
    browser = await launchBrowser({
      wallet: false,
      args: [`--unsafely-treat-insecure-origin-as-secure=${app.origin}`],
    })
  })
  afterAll(async () => {
    await browser?.close()
    if (notFound) await closeServer(notFound)
  })

  async function open(frameUrl: string) {
    const page = await browser.newPage()
    const console: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') console.push(message.text())
    })
    await page.goto(`${app.origin}/?${new URLSearchParams({ frame: frameUrl })}`)
    return { page, console }
  }

  test('error: connection refused: the modal says so within 3 s, no spinner, and the console names the URL', async () => {
    const frameUrl = `http://wallet.test:${closedPort}/frame`
    const { page, console } = await open(frameUrl)
    const clicked = await submitEmail(page)
    const shown = await errorWithin(page, 3_000)
    expect(shown.text).toBe('Network Error - Could not load embedded wallet')
    expect(shown.at - clicked).toBeLessThan(3_000)
    // Nothing spins beside the error; the field takes a new try.
    expect(await page.locator('[data-lk-email-form] [data-lk-spinner]').count()).toBe(0)
    expect(await byTestId(page, 'email-input-submit').isEnabled()).toBe(true)
    const hint = console.find((line) => line.includes(`http://wallet.test:${closedPort}/frame`))
    expect(hint).toContain('latchkey serve')
    expect(hint).toContain('did not load')
    expect(browser.offLoopback()).toEqual([])
    await page.close()
  })

  test('error: a 404 page at the frame URL: the modal says so within seconds and the console tells what to check', async () => {
    const frameUrl = `http://wallet.test:${notFoundPort}/frame`
    const { page, console } = await open(frameUrl)
    const clicked = await submitEmail(page)
    const shown = await errorWithin(page, 8_000)
    expect(shown.text).toBe('Network Error - Could not load embedded wallet')
    // The 20 s ready deadline is not what ended it.
    expect(shown.at - clicked).toBeLessThan(8_000)
    expect(await page.locator('[data-lk-email-form] [data-lk-spinner]').count()).toBe(0)
    const hint = console.find((line) => line.includes(`http://wallet.test:${notFoundPort}/frame`))
    expect(hint).toContain('allowed origins')
    expect(hint).toContain('404')
    await page.close()
  })
})
