import type { Api } from '../createApi'
import type { ApprovalPrelude, createApprovalQueue } from '../createApprovalQueue'
import type { FrameSession } from '../createFrameSession'
import { FrameReplyError } from '../FrameReplyError'
import type { SealedCustody } from '../sealed/createSealedCustody'
import type { SealedRecoveryShare } from '../sealed/recoveryCipher'
import { createPasskeyManager } from './managePasskeys'
import type { PrfSecret } from './prfRecoveryCipher'
import { renderPasskeyScreen } from './renderPasskeyScreen'
import { assertPasskey, type CeremonyResult, createPasskey, toBase64url } from './webauthnCeremony'

/** Parameters of {@link createPasskeys}. */
export type PasskeysParameters = {
  api: Api
  session: FrameSession
  approvals: Pick<ReturnType<typeof createApprovalQueue>, 'present'>
  sealed?: SealedCustody | undefined
  /** The frame's project: the server checks the page around the frame against its origins. */
  projectId?: string | undefined
  /** Asks for a second factor before a passkey is added, where the project's policy wants one. */
  factorGate?: { forLoginMethod(root: HTMLElement): Promise<string | undefined> } | undefined
}

type CreationOptions = Parameters<typeof createPasskey>[0]
type RequestOptions = Parameters<typeof assertPasskey>[0]

const notSignedIn = () => new FrameReplyError({ message: 'Sign in first to add a passkey.' })
const noPrf = () =>
  new FrameReplyError({
    message: 'This passkey cannot unlock your wallet here (it has no PRF support).',
    code: 4001,
  })

/** A dismissed or refused browser prompt (4001) keeps the screen open to try again. */
const isDismissed = (error: unknown) => error instanceof FrameReplyError && error.code === 4001

const localChallenge = () => toBase64url(crypto.getRandomValues(new Uint8Array(32)))

/**
 * Passkeys in the frame (issue 16): sign in with a passkey alone (the session bound to a new
 * device key, as after an email code), add one to the signed-in account, and, where the
 * authenticator has the WebAuthn PRF extension, seal the sealed wallet's recovery share under
 * its PRF output instead of the password and open it on a new device. The PRF output stays in
 * this frame: it is never posted, and the server refuses it on the wire.
 */
export function createPasskeys({
  api,
  session,
  approvals,
  sealed,
  projectId,
  factorGate,
}: PasskeysParameters) {
  const project = projectId ? { projectId } : {}
  // PRF outputs of this page's passkey sign-in, kept until the recovery share opens with one.
  const prfs = new Map<string, Uint8Array>()

  /** Seals the recovery share under `secret` when this device can rebuild the key (a new split). */
  async function sealUnder(secret: PrfSecret): Promise<boolean> {
    const status = await sealed?.status()
    if (!sealed || status?.custody !== 'sealed') return false
    if ((await sealed.need(status)) === 'enter-password') return false
    await sealed.unlock(secret)
    return true
  }

  /**
   * One passkey step as a screen of the queue: `options` are fetched before the click (the
   * prompt must start within it), again after a failure; a dismissed prompt can be tried again,
   * anything else rejects the request with its (typed) error.
   */
  function step<O, T>(
    id: string,
    mode: 'login' | 'register',
    options: () => Promise<O>,
    run: (options: O) => Promise<T>,
    /** A screen before the passkey's (a second factor), in the same turn. */
    before?: (root: HTMLElement) => Promise<unknown>,
  ): Promise<T> {
    let result: T | undefined
    return approvals
      .present(id, (root, done, fail) => {
        if (before) {
          let remove = () => {}
          before(root).then(
            () => {
              remove = show(root, done, fail)
            },
            (error: unknown) => fail(error instanceof Error ? error : undefined),
          )
          return () => {
            remove()
            root.replaceChildren()
            root.dataset.state = 'idle'
          }
        }
        return show(root, done, fail)
      })
      .then(() => result as T)

    function show(root: HTMLElement, done: () => void, fail: (error?: Error) => void) {
      let pending = options()
      pending.catch(() => {})
      return renderPasskeyScreen({
        root,
        mode,
        onCancel: () => fail(),
        onContinue: async () => {
          try {
            result = await run(await pending)
            done()
          } catch (error) {
            pending = options()
            pending.catch(() => {})
            if (isDismissed(error)) throw error
            fail(error instanceof Error ? error : undefined)
          }
        },
      })
    }
  }

  const registerOptions = () =>
    api<CreationOptions>('/passkey/register/options', { body: {}, token: session.token })

  /**
   * Makes a passkey with `options` and registers it (with a second-factor proof where the
   * policy asks); with PRF, the recovery share of a sealed wallet this device can rebuild is
   * sealed under it from now on (a new split).
   */
  async function registerWith(
    options: CreationOptions,
    factorProof?: string | undefined,
  ): Promise<{ prf: boolean }> {
    const created = await createPasskey(options)
    await api('/passkey/register', {
      body: { response: created.response, ...project, ...(factorProof ? { factorProof } : {}) },
      token: session.token,
    })
    let prf: CeremonyResult['prf'] = created.prf
    // Authenticators that evaluate PRF only on use: one more touch, nothing sent.
    if (!prf && created.prfEnabled)
      prf = (
        await assertPasskey({
          challenge: localChallenge(),
          rpId: options.rp.id ?? location.hostname,
          allowCredentials: [{ id: created.credentialId }],
          userVerification: 'required',
        })
      ).prf
    if (prf) await sealUnder({ credentialId: created.credentialId, output: prf })
    prf?.fill(0)
    return { prf: prf !== undefined }
  }

  return {
    /** MANAGE_PASSKEYS: the account's passkeys, where the visitor removes one (managePasskeys.ts). */
    manage: createPasskeyManager({ api, session, approvals, sealed, factorGate }),

    /** CONNECT_PASSKEY: signs in with a discoverable passkey; the session stays in this frame. */
    async connect(id: string): Promise<undefined> {
      let key: Awaited<ReturnType<FrameSession['newKey']>> | undefined
      await step(
        id,
        'login',
        async () => {
          key = await session.newKey()
          return api<RequestOptions>('/passkey/login/options', { body: {}, key })
        },
        async (options) => {
          const used = await assertPasskey(options)
          const { token } = await api<{ token: string }>('/passkey/login', {
            body: { response: used.response, deviceId: session.deviceId, ...project },
            key,
          })
          session.token = token
          if (used.prf) prfs.set(used.credentialId, used.prf)
        },
      )
      // A sealed project's user without a wallet yet: made here, as after an email login.
      await sealed?.setUp()
      return undefined
    },

    /**
     * REGISTER_PASSKEY: adds a passkey to the signed-in account; with PRF, the recovery share of
     * a sealed wallet this device can rebuild is sealed under it from now on (a new split).
     */
    async register(id: string): Promise<{ prf: boolean }> {
      if (!session.token) throw notSignedIn()
      let factorProof: string | undefined
      return step(
        id,
        'register',
        registerOptions,
        (options) => registerWith(options, factorProof),
        factorGate
          ? async (root) => {
              factorProof = await factorGate.forLoginMethod(root)
            }
          : undefined,
      )
    },

    registerOptions,
    registerWith,

    /**
     * The step a device without its share needs when the recovery share is sealed by a passkey:
     * none when this page's passkey sign-in gave its PRF output (opened at once), else the
     * "Unlock with your passkey" screen; undefined when the share is sealed with a password.
     */
    async recoveryPrelude(): Promise<ApprovalPrelude | 'unlocked' | undefined> {
      if (!sealed) return undefined
      const released = await api<{ recoveryShare: SealedRecoveryShare | null }>(
        '/sealed-wallet/shares',
        { body: {}, token: session.token },
      )
      const share = released.recoveryShare
      if (share?.kdf !== 'prf') return undefined
      const cached = prfs.get(share.credentialId)
      prfs.delete(share.credentialId)
      if (cached) {
        try {
          await sealed.unlock({ credentialId: share.credentialId, output: cached })
          return 'unlocked'
        } catch {
          // Not this share's passkey output after all: ask for the passkey.
        } finally {
          cached.fill(0)
        }
      }
      const { rpId } = await api<{ rpId: string }>('/passkeys', { token: session.token })
      return (root, done, cancel) =>
        renderPasskeyScreen({
          root,
          mode: 'unlock',
          onCancel: cancel,
          onContinue: async () => {
            const used = await assertPasskey({
              challenge: localChallenge(),
              rpId,
              allowCredentials: [{ id: share.credentialId }],
              userVerification: 'required',
            })
            if (!used.prf) throw noPrf()
            try {
              await sealed.unlock({ credentialId: used.credentialId, output: used.prf })
            } finally {
              used.prf.fill(0)
            }
            done()
          },
        })
    },

    /** Forgets every PRF output (sign-out). */
    forget() {
      for (const output of prfs.values()) output.fill(0)
      prfs.clear()
    },
  }
}

/** The frame's passkeys. */
export type Passkeys = ReturnType<typeof createPasskeys>
