import type { ConsoleMessage } from 'playwright-core'
import { expect } from 'vitest'
import { launchBrowser } from '../harness/browser'
import {
  byTestId,
  connectTestWallet,
  showAccountView,
  truncatedAccount,
  waitForText,
  waitForView,
} from '../harness/page'

/** What a consumer page did while it was driven. */
export interface ConsumerRun {
  /** Console errors and uncaught page errors, in order. */
  errors: string[]
  /** Requests the loopback guard stopped. */
  offLoopback: string[]
  /** Whether the button said "Connecting…" at any moment of the first visit, before any click. */
  connectingBeforeClick: boolean
  /** The button's HTML as the server sent it on the first visit (before any script ran). */
  serverButton: string | undefined
  /** The button's HTML as the server sent it on the reload while connected. */
  serverButtonAfterReload: string | undefined
  /** Reloads while connected that ended on the account button (`reloads` of the options). */
  reloadsConnected: number
}

/** Options of {@link driveConsumer}. */
export interface DriveConsumerOptions {
  /** Reloads while connected, each waiting for the account button (plan G11). @default 1 */
  reloads?: number | undefined
}

/** Latchkey's button in server-sent HTML (it is the only `data-lk-button`). */
function findButton(html: string): string | undefined {
  return html.match(/<button[^>]*data-lk-button[^>]*>.*?<\/button>/s)?.[0]
}

/**
 * Drives a built consumer app in Chromium with the injected test wallet, as a visitor would:
 * the button, the Connect view, connect the test wallet, Account with the address, switch to
 * BNB Smart Chain, reload while connected (`reloads` times). Asserts each step; returns the errors and the
 * requests that tried to leave loopback for the caller to assert empty.
 */
export async function driveConsumer(
  url: string,
  { reloads = 1 }: DriveConsumerOptions = {},
): Promise<ConsumerRun> {
  const browser = await launchBrowser()
  const errors: string[] = []
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`)
  }
  browser.context.on('console', onConsole)
  // Every state the button passes through, from the first parse on (a flash lasts one frame).
  await browser.context.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __buttonStates: string[] }).__buttonStates = seen
    new MutationObserver(() => {
      for (const button of document.querySelectorAll('[data-lk-button]')) {
        const state = `${button.getAttribute('data-state')}:${button.textContent}`
        if (seen[seen.length - 1] !== state) seen.push(state)
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
  })
  try {
    const page = await browser.newPage()
    const response = await page.goto(url)
    const html = (await response?.text()) ?? ''
    const serverButton = html.match(
      /<button[^>]*data-testid="connect-button"[^>]*>.*?<\/button>/s,
    )?.[0]

    const button = byTestId(page, 'connect-button')
    await button.waitFor({ state: 'visible', timeout: 15_000 })
    await waitForText(button, 'Connect Wallet')
    // wagmi's reconnect on mount runs (and finds nothing) before the visitor can click.
    await page.waitForTimeout(300)
    const states = await page.evaluate(
      () => (window as unknown as { __buttonStates: string[] }).__buttonStates,
    )
    // The observer saw the button (so an empty list cannot pass for "never Connecting…").
    expect(states).toContain('disconnected:Connect Wallet')
    const connectingBeforeClick = states.some((state) => state.startsWith('connecting'))
    await connectTestWallet(page)
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-address'), truncatedAccount)
    await waitForText(byTestId(page, 'account-balance'), '10000.000 ETH')
    await waitForText(byTestId(page, 'account-network'), 'Ethereum')

    await byTestId(page, 'account-network').click()
    await waitForView(page, 'Networks')
    await byTestId(page, 'network-eip155:56').click()
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-network'), 'BNB Smart Chain')
    await waitForText(byTestId(page, 'account-balance'), '10000.000 BNB')

    const reloaded = await page.reload()
    const serverButtonAfterReload = findButton((await reloaded?.text()) ?? '')
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-network'), 'BNB Smart Chain')
    expect(await byTestId(page, 'connect-button').count()).toBe(0)
    let reloadsConnected = 1
    for (let i = 1; i < reloads; i++) {
      await page.reload()
      await waitForText(byTestId(page, 'account-button'), truncatedAccount)
      reloadsConnected++
    }
    // Late errors (hydration, a failed read) surface within a moment of the page settling.
    await page.waitForTimeout(500)
    return {
      errors: [...errors, ...browser.pageErrors().map((e) => `pageerror: ${e}`)],
      offLoopback: browser.offLoopback(),
      connectingBeforeClick,
      serverButton,
      serverButtonAfterReload,
      reloadsConnected,
    }
  } finally {
    browser.context.off('console', onConsole)
    await browser.close()
  }
}
