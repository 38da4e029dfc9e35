import { randomUUID } from 'node:crypto'
import { type Context, Hono } from 'hono'
import type { ServerContext } from '../../context'
import type { AppEnv } from '../../http/appEnv'
import type { SandboxOptions } from '../onrampOptions'
import type { OnrampEvent } from '../onrampProvider'
import type { SandboxLedger } from './createSandboxProvider'
import { deliverSandboxTokens } from './deliverSandboxTokens'
import {
  renderCardPage,
  renderResultPage,
  sandboxPageContentSecurityPolicy,
} from './renderSandboxPage'
import { sandboxCards, sandboxProviders } from './sandboxCatalog'
import { sandboxSignatureHeader, signSandboxWebhook } from './sandboxWebhook'

/** What the sandbox's side needs: its settings, its secret and ledger, and its providers' names. */
export interface SandboxCheckoutParameters {
  options: SandboxOptions
  secret: Uint8Array
  ledger: SandboxLedger
}

/** Whether the request comes from this server's own page (or from no browser at all). */
function isSameOrigin(c: Context<AppEnv>): boolean {
  const site = c.req.header('sec-fetch-site')
  if (site) return site === 'same-origin'
  const origin = c.req.header('origin')
  if (!origin || origin === 'null') return true
  try {
    return new URL(origin).host === c.req.header('host')
  } catch {
    return false
  }
}

const names = new Map<string, string>(sandboxProviders.map(({ id, name }) => [id, name]))

/**
 * The sandbox provider's own side, served by this server at `/onramp/sandbox/{id}`: the card
 * page (the widget), and its form's POST, which answers the card as a provider would and tells
 * the Latchkey side through a signed webhook posted to `/v1/onramp/webhooks/{provider}` (raw
 * HTTP, as a provider's arrives): `processing` once paid; then the tokens are sent from the
 * funder and `completed` follows with the transaction (or `failed`). A declined card posts
 * `failed` with `card_declined`. Only the first paid answer delivers (the `processing`
 * webhook moves the purchase once).
 */
export function sandboxCheckout(
  context: ServerContext,
  parameters: SandboxCheckoutParameters,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  const html = (c: Context<AppEnv>, body: string, status = 200) => {
    c.header('content-security-policy', sandboxPageContentSecurityPolicy)
    c.header('cache-control', 'no-store')
    c.header('referrer-policy', 'no-referrer')
    c.header('x-content-type-options', 'nosniff')
    return c.html(body, status as 200)
  }
  const find = async (id: string) => {
    const session = await context.storage.onrampSessions.find(id)
    return session && names.has(session.provider) ? session : undefined
  }

  /** Posts `event` as the provider's signed webhook; whether it moved the purchase. */
  const post = async (provider: string, event: OnrampEvent): Promise<boolean> => {
    parameters.ledger.set(event.sessionId, event)
    const body = new TextEncoder().encode(
      JSON.stringify({
        id: randomUUID(),
        provider,
        sessionId: event.sessionId,
        status: event.status,
        ...(event.txHash ? { txHash: event.txHash } : {}),
        ...(event.failureReason ? { reason: event.failureReason } : {}),
      }),
    )
    try {
      const response = await fetch(`${context.publicUrl()}/v1/onramp/webhooks/${provider}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [sandboxSignatureHeader]: signSandboxWebhook(parameters.secret, body, context.now()),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      })
      const answer = (await response.json().catch(() => ({}))) as { changed?: unknown }
      return response.ok && answer.changed === true
    } catch (error) {
      context.logger.warn(`onramp sandbox: webhook not delivered: ${String(error)}`)
      return false
    }
  }

  const deliver = async (provider: string, sessionId: string) => {
    const session = await find(sessionId)
    const rpcUrl = session && context.options.chains[String(session.chainId)]
    const outcome =
      session && rpcUrl
        ? await context.serialize(`onramp-sandbox:${session.chainId}`, () =>
            deliverSandboxTokens({
              rpcUrl,
              chainId: session.chainId,
              funderKey: parameters.options.funderKey as `0x${string}`,
              to: session.address,
              token: session.token,
              amount: BigInt(session.cryptoAmount),
            }),
          )
        : ({ failure: 'delivery_failed' } as const)
    await post(
      provider,
      'hash' in outcome
        ? { sessionId, status: 'completed', txHash: outcome.hash }
        : { sessionId, status: 'failed', failureReason: outcome.failure },
    )
  }

  app.get('/:id', async (c) => {
    const session = await find(c.req.param('id'))
    if (!session) return c.text('Not found', 404)
    const name = names.get(session.provider) ?? session.provider
    if (session.status !== 'pending') return html(c, renderResultPage('closed', session, name))
    return html(c, renderCardPage(session, name))
  })

  app.post('/:id', async (c) => {
    // a form of this page only: another site cannot make a visitor pay (the page sends no
    // referrer, so its Origin is "null": the browser's Sec-Fetch-Site says where it came from)
    if (!isSameOrigin(c)) return c.text('Forbidden', 403)
    const session = await find(c.req.param('id'))
    if (!session) return c.text('Not found', 404)
    const name = names.get(session.provider) ?? session.provider
    if (session.status !== 'pending') return html(c, renderResultPage('closed', session, name))
    const form = await c.req.parseBody()
    const card = String(form.card ?? '').replace(/[\s-]/g, '')
    const expiry = /^(0[1-9]|1[0-2])\s*\/?\s*(\d{2})$/.exec(String(form.expiry ?? '').trim())
    if (card !== sandboxCards.success && card !== sandboxCards.declined)
      return html(c, renderCardPage(session, name, 'Use one of the sandbox test cards below.'), 400)
    if (!expiry || !/^\d{3,4}$/.test(String(form.cvc ?? '').trim()))
      return html(c, renderCardPage(session, name, 'Enter an expiry (MM / YY) and a CVC.'), 400)
    if (card === sandboxCards.declined) {
      await post(session.provider, {
        sessionId: session.id,
        status: 'failed',
        failureReason: 'card_declined',
      })
      return html(c, renderResultPage('declined', session, name))
    }
    const moved = await post(session.provider, { sessionId: session.id, status: 'processing' })
    if (!moved)
      return html(c, renderResultPage('closed', (await find(session.id)) ?? session, name))
    void deliver(session.provider, session.id).catch((error: unknown) =>
      context.logger.warn(`onramp sandbox: delivery failed: ${String(error)}`),
    )
    return html(c, renderResultPage('approved', session, name))
  })
  return app
}
