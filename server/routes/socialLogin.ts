import { type Context, Hono } from 'hono'
import { BaseError } from '../../src/errors/base'
import { InvalidSessionError } from '../../src/errors/InvalidSessionError'
import { serializeError } from '../../src/errors/serializeError'
import { serverErrorRegistry } from '../../src/errors/serverErrorRegistry'
import { proveCaller } from '../auth/proveCaller'
import { rateLimit } from '../auth/rateLimit'
import { requireSecondFactor } from '../auth/secondFactorHooks'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { clientAddress } from '../http/clientAddress'
import { parseInput, readJson } from '../http/readJson'
import { answerSocialCallback } from '../social/answerSocialCallback'
import { connectSocial } from '../social/connectSocial'
import {
  renderSocialCallbackPage,
  socialCallbackContentSecurityPolicy,
  socialResultFragment,
} from '../social/renderSocialCallbackPage'
import { connectSocialBody, socialCallbackParams, startSocialBody } from '../social/socialBodies'
import { startSocialLogin } from '../social/startSocialLogin'

async function callbackParams(c: Context<AppEnv>) {
  if (c.req.method === 'GET') return parseInput(socialCallbackParams, c.req.query())
  // Apple's form_post: the answer comes as a form, cross-site; the state is what proves it.
  const form = await c.req.parseBody()
  return parseInput(socialCallbackParams, form)
}

/**
 * The callback the providers redirect to (GET, or POST for form_post): the page that hands the
 * result handle to the opener at the host's exact origin, or goes on to the host's return page;
 * in redirect mode a 303 to the return page. Errors render as a page (the visitor is there).
 */
async function callback(c: Context<AppEnv>, context: ServerContext) {
  c.header('content-security-policy', socialCallbackContentSecurityPolicy)
  c.header('referrer-policy', 'no-referrer')
  c.header('cross-origin-opener-policy', 'unsafe-none')
  try {
    const { flow, result } = await answerSocialCallback(context, await callbackParams(c))
    if (flow.mode === 'redirect' && flow.returnUrl)
      return c.redirect(`${flow.returnUrl}#${socialResultFragment}=${result}`, 303)
    return c.html(
      renderSocialCallbackPage({
        kind: 'result',
        origin: flow.origin,
        returnUrl: flow.returnUrl,
        result,
      }),
    )
  } catch (error) {
    if (!(error instanceof BaseError)) throw error
    const { name, message } = serializeError(error, serverErrorRegistry)
    return c.html(renderSocialCallbackPage({ kind: 'error', name, message }), 400)
  }
}

/**
 * GET social/providers, POST social/start, GET|POST social/callback and POST social/connect
 * (SPEC §4 social login).
 */
export function socialLoginRoutes(context: ServerContext): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/social/providers', (c) =>
      // Which buttons the modal shows: the configured ids only, never a client id or secret;
      // `farcaster` when Sign In With Farcaster is on (server/farcaster/).
      c.json({
        providers: context.options.farcaster
          ? [...context.social.providerIds.filter((id) => id !== 'farcaster'), 'farcaster']
          : context.social.providerIds,
      }),
    )
    .post('/social/start', async (c) => {
      // Each start stores a flow: counted per client address, as codes mailed are.
      const address = clientAddress(c, context.options.trustProxy)
      await rateLimit(
        context,
        `social:address:${address}`,
        context.options.rateLimits.socialStartsPerAddress,
      )
      // The proof names the device key the flow is bound to: only it may connect. A link is
      // started by a session (its token and its key's proof), for that session's user.
      const { deviceKey, auth } = await proveCaller(c, context)
      const { link, factorProof, ...body } = await readJson(c, startSocialBody)
      if (link && !auth) throw new InvalidSessionError()
      // Linking adds a way in: the policy may want a second factor first.
      if (link && auth) await requireSecondFactor(context, auth, 'link-login', factorProof)
      return c.json(
        await startSocialLogin(
          context,
          { ...body, ...(link && auth ? { linkUserId: auth.user.id } : {}) },
          deviceKey,
        ),
      )
    })
    .get('/social/callback', (c) => callback(c, context))
    .post('/social/callback', (c) => callback(c, context))
    .post('/social/connect', async (c) => {
      const { deviceKey, auth } = await proveCaller(c, context)
      const body = await readJson(c, connectSocialBody)
      return c.json(await connectSocial(context, body, deviceKey, auth?.user.id))
    })
}
