import type { CDPSession, Page } from 'playwright-core'
import { expect } from 'vitest'
import { frameOf, startScreen, waitForResult } from './frameHostPage'

// Passkeys in the lab's frame (framePasskey and the sealed matrix): Chromium's virtual
// authenticator (DevTools protocol) with user verification and, when asked, the PRF extension.

const wait = { timeout: 15_000 }

/** Chromium's virtual authenticator for the page's tab (the frame inside it uses it too). */
export async function addAuthenticator(page: Page, { prf }: { prf: boolean }) {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', {})
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: prf,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, authenticatorId }
}

/** Waits for the frame to show `view`, then clicks `button` on it. */
export async function clickOn(page: Page, view: string, button: string) {
  const frame = frameOf(page)
  await expect.poll(() => frame.locator(`[data-view="${view}"]`).count(), wait).toBe(1)
  await frame.getByRole('button', { name: button }).click()
}

/** A passkey step started from the host: its screen shows, the visitor clicks, it settles. */
export async function passkeyStep(
  page: Page,
  key: string,
  type: string,
  view: string,
  button: string,
) {
  await startScreen(page, key, type)
  await clickOn(page, view, button)
  return waitForResult(page, key)
}

/** Registers a passkey from the host (REGISTER_PASSKEY): whether its authenticator gave PRF. */
export const registerPasskey = (page: Page) =>
  passkeyStep(page, 'register', 'REGISTER_PASSKEY', 'PasskeyRegister', 'Create passkey')

/** Signs in with a passkey alone (CONNECT_PASSKEY). */
export const passkeyLogin = (page: Page, key = 'login') =>
  passkeyStep(page, key, 'CONNECT_PASSKEY', 'PasskeyLogin', 'Continue with passkey')
