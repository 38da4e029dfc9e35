import { socialProviderName } from '../../src/utils/socialProviderName'
import type { Api } from '../createApi'
import type { createApprovalQueue } from '../createApprovalQueue'
import type { FrameSession } from '../createFrameSession'
import { FrameReplyError } from '../FrameReplyError'
import type { FactorGate } from '../factors/factorGate'
import { actionButton, factorScreen, messageOf, onAction } from '../factors/screenKit'
import { linkInPopup } from './linkInPopup'
import { createLoginsApi, type LinkedLogin, type LoginsApi, type LoginsState } from './loginsApi'
import { renderEmailLink } from './renderEmailLink'
import { renderFarcasterLink } from './renderFarcasterLink'
import { renderLogins } from './renderLogins'

/** Parameters of {@link createLogins}. */
export type LoginsParameters = {
  api: Api
  session: FrameSession
  approvals: Pick<ReturnType<typeof createApprovalQueue>, 'present'>
  /** The host page's exact origin: a Farcaster sign-in message names its domain. */
  parentOrigin: string
  projectId?: string | undefined
  /** The project's second-factor policy: adding or removing a way in may need a factor. */
  gate: Pick<FactorGate, 'needsProof' | 'forAccountChange'>
}

const cancelled = () => new FrameReplyError({ message: 'Cancelled.', code: 4001 })

/** Waits for the visitor's Farcaster app (the server polls the relay), until linked or cancelled. */
async function linkFarcaster(
  root: HTMLElement,
  calls: LoginsApi,
  factorProof: string | undefined,
): Promise<string> {
  const { uri, flow } = await calls.startFarcaster(factorProof)
  // Cancel ends the wait at once (the call in flight ends on the server within its wait).
  let cancel = () => {}
  const stopped = new Promise<never>((_, reject) => {
    cancel = () => reject(cancelled())
  })
  stopped.catch(() => {})
  const remove = renderFarcasterLink({ root, uri, onCancel: () => cancel() })
  try {
    for (;;) {
      const answer = await Promise.race([calls.connectFarcaster(flow), stopped])
      if (answer.status === 'linked')
        return answer.userName ? `@${answer.userName}` : `fid ${answer.fid}`
    }
  } finally {
    remove()
  }
}

/**
 * After a factor's screen, the provider's window needs a click of its own (a window opened
 * later than the click is blocked): "Continue with Google", or Cancel.
 */
function continueClick(root: HTMLElement, provider: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const parts = factorScreen(root, {
      view: 'link-continue',
      title: `Link ${provider}`,
      text: `Confirmed. ${provider} opens in a window of its own.`,
    })
    const go = actionButton(`Continue with ${provider}`, 'primary')
    const cancel = actionButton('Cancel')
    // Resolved in the click itself, so the window opens within it.
    go.addEventListener('click', (event) => {
      if (!event.isTrusted) return
      parts.remove()
      resolve()
    })
    onAction(cancel, parts, async () => {
      parts.remove()
      reject(cancelled())
    })
    parts.actions.append(cancel, go)
  })
}

/**
 * OPEN_LOGINS, the "Ways to sign in" screen (issue 14): the ways into this wallet, in the frame
 * (wallet origin) like the security screens. The visitor links another (an email by one code, a
 * provider in a window the frame opens itself, whose result comes back to the frame, Farcaster
 * by QR code) and removes one, never the last. The session token and every result stay in the
 * frame; the host learns only that the screen closed.
 */
export function createLogins({
  api,
  session,
  approvals,
  parentOrigin,
  projectId,
  gate,
}: LoginsParameters) {
  const calls = createLoginsApi(api, session, { parentOrigin, projectId })
  return {
    async open(id: string): Promise<undefined> {
      if (!session.token) throw new FrameReplyError({ message: 'Sign in first.' })
      let state: LoginsState = await calls.load()
      // Known before any click: linking a provider opens its window in the click itself, so
      // whether a factor comes first cannot be asked then.
      const needsFactor = Boolean(await gate.needsProof())
      await approvals.present(id, (root, done, fail) => {
        let remove = () => {}
        let closed = false
        const show = (notice?: string) => {
          if (closed) return
          remove()
          remove = renderLogins({ root, state, notice, actions })
        }
        /** Runs a step, reloads the list and shows it with what happened (or why not). */
        const step = async (run: () => Promise<string | undefined>) => {
          let notice: string | undefined
          try {
            notice = await run()
          } catch (error) {
            notice =
              error instanceof FrameReplyError && error.code === 4001 ? undefined : messageOf(error)
          }
          try {
            state = await calls.load()
          } catch (error) {
            return fail(error instanceof Error ? error : undefined)
          }
          show(notice)
        }
        const actions = {
          unlink: (login: LinkedLogin) =>
            step(async () => {
              await calls.unlink(login, await gate.forAccountChange(root, 'login-method'))
              const name = login.kind === 'email' ? login.email : socialProviderName(login.provider)
              return `${name} no longer opens this wallet.`
            }),
          addEmail: () =>
            step(() =>
              // The policy may want a factor first: one proof for the code this screen sends.
              gate.forAccountChange(root, 'email-change').then(
                (factorProof) =>
                  new Promise<string>((resolve, reject) => {
                    remove()
                    remove = renderEmailLink({
                      root,
                      sendCode: (email) => calls.sendEmailCode(email, factorProof),
                      confirm: async (otp) => {
                        await calls.confirmEmail(otp)
                      },
                      onDone: (email) => resolve(`${email} now opens this wallet.`),
                      onCancel: () => reject(cancelled()),
                    })
                  }),
              ),
            ),
          // The window opens first, in the click (linkInPopup): nothing is awaited before it.
          link: (provider: string) =>
            step(async () => {
              if (provider === 'farcaster') {
                remove()
                const factorProof = await gate.forAccountChange(root, 'login-method')
                return `Farcaster (${await linkFarcaster(root, calls, factorProof)}) now opens this wallet.`
              }
              const factorProof = needsFactor
                ? await gate.forAccountChange(root, 'login-method')
                : undefined
              // After the factor's screen, the window needs a click of its own.
              if (factorProof) await continueClick(root, socialProviderName(provider))
              const result = await linkInPopup(() => calls.startSocial(provider, factorProof))
              const linked = await calls.connectSocial(result)
              const who = linked.userName ? ` (${linked.userName})` : ''
              return `${socialProviderName(provider)}${who} now opens this wallet.`
            }),
          close: () => {
            closed = true
            done()
          },
        }
        show()
        return () => {
          closed = true
          remove()
          root.replaceChildren()
          root.dataset.state = 'idle'
        }
      })
      return undefined
    },
  }
}

/** The "Ways to sign in" screen. */
export type Logins = ReturnType<typeof createLogins>
