/**
 * The sealed wallet's recovery setup for bench/screenshots.ts (issue 16): right after an email
 * login of a `custody: 'sealed'` server, the wallet frame's "Protect your wallet" screen over the
 * modal; "Later" leaves Account with its warning row, which opens the screen again.
 */
import type { Page } from 'playwright-core'
import type { SmtpSink } from '../test/harness/createSmtpSink'

type Shot = (name: string) => Promise<void>
type Step = (name: string, run: () => Promise<void>) => Promise<void>

/** Takes the recovery setup screenshots with `base` (the playground URL with a sealed `&frame=`). */
export async function recoveryShots(
  page: Page,
  base: string,
  { shot, step, sink, email }: { shot: Shot; step: Step; sink: SmtpSink; email: string },
) {
  const frame = page.frameLocator('iframe[data-latchkey-frame]')
  await step('recovery', async () => {
    await page.goto(base)
    await page.evaluate(() => localStorage.clear())
    await page.goto(base)
    await page.click('[data-testid="connect-button"]')
    const after = sink.mails.length
    await page.fill('[data-testid="email-input"]', email)
    await page.click('[data-testid="email-input-submit"]')
    await page.waitForSelector('[data-view="EmailVerifyOtp"]')
    const code = await sink.waitForCode(email, { after, timeoutMs: 15_000 })
    await page.click('[data-testid="otp-digit-0"]')
    await page.keyboard.type(code)
    await page.waitForSelector('[data-view="ApproveTransaction"]')
    await frame.locator('[data-view="SetupRecovery"]').waitFor()
    await shot('recovery-setup')
    await frame.getByRole('button', { name: 'Later' }).click()
    await page.waitForSelector('[data-view="Account"] [data-testid="account-recovery"]')
    await shot('recovery-row')
    await page.click('[data-testid="account-recovery"]')
    await frame.locator('[data-view="SetupRecovery"]').waitFor()
    await frame.getByLabel('Recovery password', { exact: true }).fill('short')
    await frame.getByLabel('Type it again', { exact: true }).fill('short')
    await frame.getByRole('button', { name: 'Set password' }).click()
    await frame.getByRole('alert').filter({ hasText: 'at least' }).waitFor()
    await shot('recovery-setup-error')
    const password = 'correct horse battery staple'
    await frame.getByLabel('Recovery password', { exact: true }).fill(password)
    await frame.getByLabel('Type it again', { exact: true }).fill(password)
    await frame.getByRole('button', { name: 'Set password' }).click()
    await page.waitForSelector('[data-view="Account"]')
    await page.waitForSelector('[data-testid="account-recovery"]', { state: 'detached' })
    await shot('recovery-done')
  })
}
