import { randomBytes } from 'node:crypto'
import type { Hono } from 'hono'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { onrampRoutes } from '../routes/onramp'
import { createOnrampService, type OnrampService } from './createOnrampService'
import type { OnrampProvider } from './onrampProvider'
import { createRampProvider } from './ramp/createRampProvider'
import { createSandboxProvider, type SandboxLedger } from './sandbox/createSandboxProvider'
import { sandboxMarket, sandboxProviders } from './sandbox/sandboxCatalog'
import { sandboxCheckout } from './sandbox/sandboxCheckout'

/** Where a real provider's page sends the visitor once paid (the modal follows the purchase). */
const onrampReturnPage = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Payment sent</title>
<style>body{font:16px system-ui,sans-serif;margin:15vh auto;max-width:28rem;padding:0 1rem;
text-align:center}@media (prefers-color-scheme:dark){body{background:#0f0e14;color:#f1eff8}}</style>
</head><body><h1>Payment sent</h1><p>You can close this window and go back to the app.</p></body></html>`

/**
 * The on-ramp, when the `onramp` option is set: its providers (the sandbox's two, with its card
 * pages at `/onramp/sandbox`; Ramp, with the page its widget returns to at `/onramp/return`), the
 * service over them and its `/v1/onramp` routes.
 */
export function mountOnramp(app: Hono<AppEnv>, context: ServerContext): OnrampService | undefined {
  const options = context.options.onramp
  if (!options) return undefined
  const providers: OnrampProvider[] = []
  const { sandbox } = options
  if (sandbox) {
    const secret = sandbox.webhookSecret
      ? new TextEncoder().encode(sandbox.webhookSecret)
      : randomBytes(32)
    const ledger: SandboxLedger = new Map()
    const market = sandboxMarket(context.chains.ids(), sandbox)
    for (const info of sandboxProviders)
      providers.push(
        createSandboxProvider({
          info,
          market,
          secret,
          ledger,
          baseUrl: context.publicUrl,
          now: context.now,
        }),
      )
    app.route('/onramp/sandbox', sandboxCheckout(context, { options: sandbox, secret, ledger }))
  }
  if (options.ramp) {
    providers.push(
      createRampProvider({
        options: options.ramp,
        timeoutMs: options.timeoutMs,
        baseUrl: context.publicUrl,
      }),
    )
    app.get('/onramp/return', (c) => {
      c.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      c.header('cache-control', 'no-store')
      return c.html(onrampReturnPage)
    })
  }
  const service = createOnrampService(context, providers)
  app.route('/v1', onrampRoutes(context, service))
  return service
}
