import { Hono } from 'hono'
import { BaseError } from '../../src/errors/base'
import { verifyDevice } from '../auth/emailLogin'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { clientAddress } from '../http/clientAddress'
import { parseInput } from '../http/readJson'
import { connectDeviceBody } from '../schemas/api'

const csp =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'"

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem"><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`
}

/**
 * The page behind the device link in the mail. GET only shows a button (mail scanners that
 * open links verify nothing); the button's POST verifies the device.
 */
export function verifyDevicePageRoutes(context: ServerContext): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/verify-device', (c) => {
      c.header('content-security-policy', csp)
      const { code = '', deviceId = '', email = '' } = c.req.query()
      const field = (name: string, value: string) =>
        `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`
      const form = `<p>Verify this device for ${escapeHtml(email)}?</p><form method="post">${field('email', email)}${field('deviceId', deviceId)}${field('code', code)}<button type="submit">Verify this device</button></form>`
      return c.html(page('Verify your device', form))
    })
    .post('/verify-device', async (c) => {
      c.header('content-security-policy', csp)
      try {
        const form = await c.req.parseBody()
        const params = parseInput(connectDeviceBody.required({ code: true }), form)
        const caller = { clientAddress: clientAddress(c, context.options.trustProxy) }
        await verifyDevice(context, params, caller)
        return c.html(page('Device verified', '<p>Go back to the app to continue logging in.</p>'))
      } catch (error) {
        const message = error instanceof BaseError ? error.shortMessage : 'An error occurred'
        return c.html(page('Could not verify this device', `<p>${escapeHtml(message)}</p>`), 400)
      }
    })
}
