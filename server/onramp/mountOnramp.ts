import { randomBytes } from 'node:crypto'
import type { Hono } from 'hono'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { onrampRoutes } from '../routes/onramp'
import { createOnrampService, type OnrampService } from './createOnrampService'
import type { OnrampProvider } from './onrampProvider'
import { createSandboxProvider, type SandboxLedger } from './sandbox/createSandboxProvider'
import { sandboxMarket, sandboxProviders } from './sandbox/sandboxCatalog'
import { sandboxCheckout } from './sandbox/sandboxCheckout'

/**
 * The on-ramp, when the `onramp` option is set: its providers (the sandbox's two, with its card
 * pages at `/onramp/sandbox`), the service over them and its `/v1/onramp` routes.
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
  const service = createOnrampService(context, providers)
  app.route('/v1', onrampRoutes(context, service))
  return service
}
