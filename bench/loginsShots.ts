/**
 * The "Ways to sign in" screen for bench/screenshots.ts: Account's row opens the wallet frame's
 * screen over the modal (an email login: its only way in, and the providers to link), then the
 * removal asked once more after a second way in… here the email alone, so its Remove is off.
 */
import type { Page } from 'playwright-core'

type Shot = (name: string) => Promise<void>
type Step = (name: string, run: () => Promise<void>) => Promise<void>

/** Takes the "Ways to sign in" screenshots; the page shows Account of an email login. */
export async function loginsShots(page: Page, { shot, step }: { shot: Shot; step: Step }) {
  const frame = page.frameLocator('iframe[data-latchkey-frame]')
  await step('logins', async () => {
    if (!(await page.$('[data-view="Account"]'))) {
      await page.click('[data-testid="account-button"]')
      await page.waitForSelector('[data-view="Account"]')
    }
    await page.waitForSelector('[data-testid="account-logins"]')
    await page.click('[data-testid="account-logins"]')
    await frame.locator('[data-view="Logins"]').waitFor()
    await page.waitForTimeout(400)
    await shot('logins')
    await frame.getByRole('button', { name: 'Done' }).click()
    await page.waitForSelector('[data-view="Account"]')
  })
}
