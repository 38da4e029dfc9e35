/**
 * The security screens for bench/screenshots.ts: Account's Security row opens the wallet frame's
 * Security screen over the modal; the authenticator app's setup (QR code), the recovery codes,
 * "Confirm it's you", the exported key (masked, then revealed) and its HPKE form.
 */
import type { Page } from 'playwright-core'
import { decodeBase32, hotp, totpStep } from '../server/factors/totp'

type Shot = (name: string) => Promise<void>
type Step = (name: string, run: () => Promise<void>) => Promise<void>

/** Takes the security screenshots; the page shows Account of an email login. */
export async function securityShots(page: Page, { shot, step }: { shot: Shot; step: Step }) {
  const frame = page.frameLocator('iframe[data-latchkey-frame]')
  const view = (name: string) => frame.locator(`[data-view="${name}"]`).waitFor()
  let secret: Uint8Array = new Uint8Array(0)
  // Each step counts once: the next code is the next 30-second step's (the server accepts it).
  let step_ = 0
  const code = () => {
    step_ = Math.max(step_ + 1, totpStep(Date.now()))
    return hotp(secret, step_)
  }
  await step('security', async () => {
    if (!(await page.$('[data-view="Account"]'))) {
      await page.click('[data-testid="account-button"]')
      await page.waitForSelector('[data-view="Account"]')
    }
    await page.waitForSelector('[data-testid="account-security"]')
    await shot('security-row')
    await page.click('[data-testid="account-security"]')
    await view('Security')
    await shot('security')
    await frame.locator('[data-factor="totp"] button').click()
    await view('TotpSetup')
    await frame.getByTestId('totp-secret').waitFor()
    secret =
      decodeBase32((await frame.getByTestId('totp-secret').textContent()) ?? '') ??
      new Uint8Array(0)
    await shot('security-totp')
    step_ = totpStep(Date.now()) - 1
    await frame.getByLabel('Code from the app').fill(code())
    await frame.getByRole('button', { name: 'Turn on' }).click()
    await view('RecoveryCodes')
    await shot('security-codes')
    await frame.getByRole('button', { name: 'I saved them' }).click()
    await view('Security')
    await frame.locator('[data-factor="export"] button').click()
    await view('FactorChallenge')
    await shot('security-challenge')
    await frame.getByLabel('Code from your authenticator app').fill(code())
    await frame.getByRole('button', { name: 'Confirm' }).click()
    await view('ExportKey')
    await shot('security-export')
    await frame.getByRole('button', { name: 'Reveal' }).first().click()
    await shot('security-export-revealed')
    await frame.getByRole('button', { name: 'Encrypt it to a public key instead' }).click()
    await shot('security-export-hpke')
    await frame.getByRole('button', { name: 'Done' }).click()
    await view('Security')
    await frame.getByRole('button', { name: 'Done' }).click()
    await page.waitForSelector('[data-view="Account"]')
  })
}
