import type { Api } from '../createApi'
import type { createApprovalQueue } from '../createApprovalQueue'
import type { FrameSession } from '../createFrameSession'
import { FrameReplyError } from '../FrameReplyError'
import type { SealedCustody } from '../sealed/createSealedCustody'
import { renderRecoveryPassword } from '../sealed/renderRecoveryPassword'
import { type ListedPasskey, renderPasskeyList } from './renderPasskeyList'

/** Parameters of {@link createPasskeyManager}. */
export type PasskeyManagerParameters = {
  api: Api
  session: FrameSession
  approvals: Pick<ReturnType<typeof createApprovalQueue>, 'present'>
  sealed?: SealedCustody | undefined
  /** A second factor before a removal, where the project's policy wants one (frame/factors/). */
  factorGate?: { forLoginMethod(root: HTMLElement): Promise<string | undefined> } | undefined
}

const notSignedIn = () => new FrameReplyError({ message: 'Sign in first to see your passkeys.' })
const notUnlockedHere = () =>
  new FrameReplyError({
    message:
      'Your wallet is not unlocked on this device yet. Sign once with this passkey here, then remove it.',
  })

/**
 * MANAGE_PASSKEYS: the account's passkeys in the frame's own screen, where the visitor removes
 * one (the server refuses the last way to sign in). The passkey that seals the sealed wallet's
 * recovery share is removed only after a recovery password seals it instead (a new split, on a
 * device that holds its share), so the recovery share never becomes unopenable.
 */
export function createPasskeyManager({
  api,
  session,
  approvals,
  sealed,
  factorGate,
}: PasskeyManagerParameters) {
  const load = async () =>
    (await api<{ passkeys: ListedPasskey[] }>('/passkeys', { token: session.token })).passkeys
  const removeOnServer = (passkey: ListedPasskey, factorProof?: string) =>
    api('/passkey/remove', {
      body: { credentialId: passkey.credentialId, ...(factorProof ? { factorProof } : {}) },
      token: session.token,
    })

  /** Seals the recovery share with `password` instead of the passkey (a new split). */
  async function sealWithPassword(password: string) {
    const status = await sealed?.status()
    if (!sealed || status?.custody !== 'sealed') return
    if ((await sealed.need(status)) === 'enter-password') throw notUnlockedHere()
    await sealed.unlock(password)
  }

  /** The list in `root` until the visitor closes it (`done` with how many are left). */
  async function show(root: HTMLElement, done: (count: number) => void): Promise<() => void> {
    if (!session.token) throw notSignedIn()
    let passkeys = await load()
    let remove = () => {}
    /** The policy may want a second factor first (before anything changes): its screen takes the list's place. */
    const factorFirst = async (): Promise<{ proof: string | undefined } | undefined> => {
      try {
        return { proof: await factorGate?.forLoginMethod(root) }
      } catch (error) {
        showList()
        if (error instanceof FrameReplyError && error.code === 4001) return undefined
        throw error
      }
    }
    const removed = async (passkey: ListedPasskey, factorProof: string | undefined) => {
      await removeOnServer(passkey, factorProof)
      passkeys = await load()
      showList()
    }
    const showPassword = (passkey: ListedPasskey, factorProof: string | undefined) => {
      remove()
      remove = renderRecoveryPassword({
        root,
        mode: 'set',
        onSubmit: async (password) => {
          await sealWithPassword(password)
          await removed(passkey, factorProof)
        },
        onCancel: showList,
      })
    }
    function showList() {
      remove()
      remove = renderPasskeyList({
        root,
        passkeys,
        onRemove: async (passkey) => {
          const factor = await factorFirst()
          if (!factor) return
          if (passkey.sealsRecovery) showPassword(passkey, factor.proof)
          else await removed(passkey, factor.proof)
        },
        onDone: () => done(passkeys.length),
      })
    }
    showList()
    return () => remove()
  }

  /** MANAGE_PASSKEYS: the list as the request's screen in the queue. */
  async function manage(id: string): Promise<{ passkeys: number }> {
    if (!session.token) throw notSignedIn()
    let count = 0
    await approvals.present(id, (root, done, fail) => {
      let remove: (() => void) | undefined
      let closed = false
      show(root, (left) => {
        count = left
        done()
      }).then(
        (remover) => {
          if (closed) remover()
          else remove = remover
        },
        (error: unknown) => fail(error instanceof Error ? error : undefined),
      )
      return () => {
        closed = true
        remove?.()
      }
    })
    return { passkeys: count }
  }

  return Object.assign(manage, { show })
}
