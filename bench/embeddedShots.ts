/**
 * The email login views for bench/screenshots.ts: Connect with the email field, a refused email,
 * the code view (and a wrong code), Account with the email, ApproveTransaction with the frame
 * laid over it, and the email change. The playground gets `&frame=` of a Latchkey test server.
 */
import type { Page } from 'playwright-core'
import type { SmtpSink } from '../test/harness/createSmtpSink'
import { loginsShots } from './loginsShots'
import { securityShots } from './securityShots'

type Shot = (name: string) => Promise<void>
type Step = (name: string, run: () => Promise<void>) => Promise<void>

const dialog = '[data-latchkey][role="dialog"][data-state="open"]'

/** Takes the email login screenshots with `base` (the playground URL with `&frame=`). */
export async function embeddedShots(
  page: Page,
  base: string,
  { shot, step, sink, email }: { shot: Shot; step: Step; sink: SmtpSink; email: string },
) {
  await step('email-connect', async () => {
    await page.goto(base)
    await page.waitForSelector('[data-testid="connect-button"]', { timeout: 15_000 })
    await page.click('[data-testid="connect-button"]')
    await page.waitForSelector(`${dialog} [data-testid="email-input"]`)
    await shot('email-connect')
    await page.fill('[data-testid="email-input"]', 'ada@example')
    await page.click('[data-testid="email-input-submit"]')
    await page.waitForSelector('[data-testid="email-input-error"]')
    await shot('email-invalid')
  })
  await step('email-otp', async () => {
    const after = sink.mails.length
    await page.fill('[data-testid="email-input"]', email)
    await page.click('[data-testid="email-input-submit"]')
    await page.waitForSelector('[data-view="EmailVerifyOtp"]')
    await shot('email-otp')
    const code = await sink.waitForCode(email, { after, timeoutMs: 15_000 })
    const wrong = code === '000000' ? '111111' : '000000'
    await page.click('[data-testid="otp-digit-0"]')
    await page.keyboard.type(wrong)
    await page.waitForSelector('[data-testid="otp-error"]')
    await shot('email-otp-error')
    await page.click('[data-testid="otp-digit-0"]')
    await page.keyboard.type(code)
    await page.waitForSelector('[data-view="Account"] [data-testid="account-email"]')
    await shot('email-account')
  })
  await step('approve', async () => {
    await page.click('[data-testid="modal-close"]')
    await page.waitForSelector(dialog, { state: 'detached' })
    await page.click('[data-testid="pg-sign"]')
    await page.waitForSelector('[data-view="ApproveTransaction"]')
    const approve = page.frameLocator('iframe[data-latchkey-frame]').getByRole('button', {
      name: 'Approve',
    })
    await approve.waitFor()
    await page.waitForTimeout(700)
    await shot('approve')
    await page
      .frameLocator('iframe[data-latchkey-frame]')
      .getByRole('button', { name: 'Reject' })
      .click()
    await page.waitForSelector('[data-testid="toast"][data-variant="error"]')
    await shot('approve-declined')
  })
  await loginsShots(page, { shot, step })
  await securityShots(page, { shot, step })
  await step('update-email', async () => {
    if (!(await page.$('[data-view="Account"]'))) {
      await page.click('[data-testid="account-button"]')
      await page.waitForSelector('[data-view="Account"]')
    }
    await page.click('[data-testid="update-email"]')
    await page.waitForSelector('[data-view="UpdateEmail"]')
    await shot('update-email')
    await page.fill('[data-testid="update-email-input"]', `new-${email}`)
    await page.click('[data-testid="update-email-input-submit"]')
    await page.waitForSelector(
      '[data-view="UpdateEmailPrimaryOtp"],[data-view="UpdateEmailSecondaryOtp"]',
    )
    await shot('update-email-otp')
  })
}
