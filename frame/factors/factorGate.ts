import { exceedsThreshold } from '../../src/approval/tokenMoves'
import type { CanonicalRequest } from '../../src/approval/types'
import { SecondFactorRequiredError } from '../../src/errors/SecondFactorRequiredError'
import type { ApprovalPrelude, createApprovalQueue } from '../createApprovalQueue'
import { userRejected } from '../FrameReplyError'
import type { FactorApi, FactorScope, FactorStatus } from './factorApi'
import { renderFactorChallenge } from './renderFactorChallenge'

const reasons: Record<FactorScope['action'], string> = {
  export: 'Showing your wallet key needs your second factor.',
  sign: 'This request moves or allows more than this app’s limit for a single approval.',
  'login-method': 'Adding or removing a way to sign in needs your second factor.',
  factors: 'Changing your second factors needs one of them.',
  'email-change': 'Changing your email needs your second factor.',
  'import-wallet': 'Replacing your wallet with an imported one needs your second factor.',
}

/** The changes of the account the `loginMethods` policy guards. */
export type AccountChange = 'login-method' | 'email-change' | 'import-wallet'

/** Whether the account has a second factor (a confirmed authenticator app or a passkey). */
export const isEnrolled = (status: FactorStatus) => status.totp || status.passkeys > 0

/** The chain's token thresholds as the server sent them (decimal strings → amounts). */
const tokenLimitsOf = (status: FactorStatus) =>
  Object.fromEntries(
    Object.entries(status.policy.tokenAbove ?? {}).map(([token, amount]) => [
      token.toLowerCase(),
      BigInt(amount),
    ]),
  )

/**
 * The frame's side of the project's second-factor policy (the server enforces it): asks for a
 * factor where the server will want a proof, and carries the proof it answers.
 */
export function createFactorGate({
  factors,
  projectId,
}: {
  factors: FactorApi
  projectId?: string | undefined
}) {
  /** Shows "Confirm it's you" in `root`; resolves the proof, rejects with 4001 on Cancel. */
  function challenge(root: HTMLElement, status: FactorStatus, scope: FactorScope) {
    let remove = () => {}
    const proof = new Promise<string>((resolve, reject) => {
      remove = renderFactorChallenge({
        root,
        factors,
        status,
        scope,
        projectId,
        reason: reasons[scope.action],
        onProof: resolve,
        onCancel: () => reject(userRejected()),
      })
    })
    return { proof, remove: () => remove() }
  }

  /** The account's status when the policy wants a proof for a change of how it signs in. */
  async function needsProof(): Promise<FactorStatus | undefined> {
    const status = await factors.status()
    return status.policy.loginMethods && isEnrolled(status) ? status : undefined
  }

  /** A proof for `action`, asked in `root` when the policy wants one; undefined when not. */
  async function forAccountChange(
    root: HTMLElement,
    action: AccountChange,
  ): Promise<string | undefined> {
    const status = await needsProof()
    return status ? challenge(root, status, { action }).proof : undefined
  }

  return {
    factors,
    challenge,
    needsProof,

    /**
     * The step a request above the project's threshold (native value or tokens moved or
     * allowed, src/approval/tokenMoves.ts) needs before its approval screen: a
     * factor for exactly this request (its hash); undefined when it is within the limit. An
     * account without any second factor cannot send above it (refused now, as the server would).
     */
    async forSigning(
      chainId: number,
      request: CanonicalRequest,
      hash: string,
    ): Promise<{ prelude: ApprovalPrelude; proof(): string | undefined } | undefined> {
      if (request.method === 'personal_sign') return undefined
      const status = await factors.status(chainId)
      const limit = status.policy.signAbove
      if (limit === null || !exceedsThreshold(request, BigInt(limit), tokenLimitsOf(status)))
        return undefined
      if (!isEnrolled(status))
        throw new SecondFactorRequiredError({ action: 'sign', reason: 'NOT_ENROLLED' })
      let factorProof: string | undefined
      return {
        proof: () => factorProof,
        prelude: (root, done, cancel) => {
          const shown = challenge(root, status, { action: 'sign', subject: hash })
          shown.proof.then((proof) => {
            factorProof = proof
            done()
          }, cancel)
          return shown.remove
        },
      }
    },

    /**
     * A proof for adding a way to sign in, asked in `root` when the policy wants one (the
     * account has a second factor and `loginMethods` is on); undefined when it does not.
     */
    async forLoginMethod(root: HTMLElement): Promise<string | undefined> {
      return forAccountChange(root, 'login-method')
    },

    forAccountChange,

    /**
     * The same for a request of its own (an email change): the factor screen is shown as the
     * request's screen in the queue (the host shows the frame), only when the policy wants it.
     */
    async inQueue(
      approvals: Pick<ReturnType<typeof createApprovalQueue>, 'present'>,
      id: string,
      action: AccountChange,
    ): Promise<string | undefined> {
      const status = await needsProof()
      if (!status) return undefined
      let factorProof: string | undefined
      await approvals.present(id, (root, done, fail) => {
        const shown = challenge(root, status, { action })
        shown.proof.then((proof) => {
          factorProof = proof
          done()
        }, fail)
        return shown.remove
      })
      return factorProof
    },
  }
}

/** The frame's factor gate. */
export type FactorGate = ReturnType<typeof createFactorGate>

/** Two screens before an approval, one after the other (the recovery password, then a factor). */
export function chainPreludes(
  first: ApprovalPrelude | undefined,
  second: ApprovalPrelude | undefined,
): ApprovalPrelude | undefined {
  if (!first || !second) return first ?? second
  return (root, done, cancel) => {
    let remove = first(
      root,
      () => {
        remove()
        remove = second(root, done, cancel)
      },
      cancel,
    )
    return () => remove()
  }
}
