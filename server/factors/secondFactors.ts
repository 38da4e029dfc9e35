import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { InvalidSecondFactorError } from '../../src/errors/InvalidSecondFactorError'
import { PasskeyChallengeError } from '../../src/errors/PasskeyChallengeError'
import { PasskeyVerificationError } from '../../src/errors/PasskeyVerificationError'
import { failureBudgetKey, withFailureBudget } from '../auth/failureBudget'
import type { Auth } from '../auth/sessions'
import type { ServerContext } from '../context'
import { decrypt, encrypt } from '../crypto/encryption'
import { keysOf } from '../crypto/masterKey'
import { loadPeer } from '../loadPeer'
import { consumeChallenge, issueChallenge, relyingParty } from '../passkeys/passkeyChallenges'
import { type AuthenticationResponse, verifyAssertion } from '../passkeys/verifyAssertion'
import {
  type FactorScope,
  hasSecondFactor,
  issueFactorProof,
  requireFactorProof,
} from './factorProofs'
import { newRecoveryCodes, recoveryCodeHash } from './recoveryCodes'
import { decodeBase32, generateTotpSecret, matchTotpStep, otpauthUri } from './totp'

type Context = Pick<
  ServerContext,
  'storage' | 'now' | 'options' | 'keys' | 'publicUrl' | 'originPolicy'
>

/** What an authenticator secret's GCM tag binds it to: its user. */
export function totpAad(userId: string): string {
  return `latchkey-totp\n${userId}`
}

/** How the visitor proves a second factor: one of these. */
export type FactorAnswer =
  | { code: string }
  | { recoveryCode: string }
  | { passkey: AuthenticationResponse; projectId?: string | undefined }

/** The user's second factors (GET /v1/factors), never a secret. */
export async function factorStatus(context: Context, userId: string) {
  const [totp, passkeys, recoveryCodes] = await Promise.all([
    context.storage.totp.find(userId),
    context.storage.passkeys.findByUser(userId),
    context.storage.recoveryCodes.countUnused(userId),
  ])
  return { totp: Boolean(totp?.confirmedAt), passkeys: passkeys.length, recoveryCodes }
}

/** Once the user has a second factor, changing them needs one (a proof for `factors`). */
async function guardChange(context: Context, auth: Auth, factorProof: string | undefined) {
  if (await hasSecondFactor(context, auth.user.id))
    await requireFactorProof(context, auth, { action: 'factors' }, factorProof)
}

/**
 * Starts setting up an authenticator app: a new secret (kept encrypted, not yet counted) and the
 * otpauth URI the frame shows as a QR code. Refused while one is confirmed (remove it first).
 */
export async function beginTotp(context: Context, auth: Auth, factorProof: string | undefined) {
  await guardChange(context, auth, factorProof)
  const userId = auth.user.id
  const secret = generateTotpSecret()
  const begun = await context.storage.totp.begin({
    userId,
    secret: encrypt(context.keys.wallet, secret, totpAad(userId)),
    confirmedAt: null,
    lastStep: 0,
    createdAt: context.now(),
  })
  if (!begun) throw new InvalidRequestError({ reason: 'An authenticator app is set up already.' })
  const account = auth.user.email ?? 'wallet'
  return {
    secret,
    uri: otpauthUri({ secret, issuer: context.options.secondFactor.issuer, account }),
  }
}

/** Reads the user's authenticator secret; `confirmed`: only a set-up one (or only a pending one). */
async function totpSecret(context: Context, userId: string, confirmed: boolean) {
  const record = await context.storage.totp.find(userId)
  if (!record || (record.confirmedAt !== null) !== confirmed)
    throw new InvalidSecondFactorError({ reason: 'NO_TOTP' })
  const secret = decrypt(keysOf(context.keys, 'wallet'), record.secret, totpAad(userId))
  return { record, bytes: decodeBase32(secret) ?? Buffer.alloc(0) }
}

/** Checks a code against the failed-code budget of the user (lockouts as for login codes). */
function checkCode<T>(context: Context, userId: string, check: () => Promise<T>): Promise<T> {
  return withFailureBudget(context, failureBudgetKey({ userId: `factor:${userId}` }), check)
}

/**
 * Confirms the authenticator app with a first code: from then on it counts as a second factor,
 * and the user gets ten new recovery codes (shown once).
 */
export async function confirmTotp(context: Context, auth: Auth, code: string) {
  const userId = auth.user.id
  await checkCode(context, userId, async () => {
    const { record, bytes } = await totpSecret(context, userId, false)
    const step = matchTotpStep(bytes, code, context.now())
    if (step === undefined) throw new InvalidSecondFactorError({ reason: 'CODE' })
    if (!(await context.storage.totp.confirm(userId, record.secret, step, context.now())))
      throw new InvalidSecondFactorError({ reason: 'NO_TOTP' })
  })
  return { recoveryCodes: await newRecoveryCodes(context, userId) }
}

/** Removes the authenticator app (a fresh second factor first); without any factor left, the recovery codes go too. */
export async function removeTotp(context: Context, auth: Auth, factorProof: string | undefined) {
  await requireFactorProof(context, auth, { action: 'factors' }, factorProof)
  await context.storage.totp.remove(auth.user.id)
  if (!(await hasSecondFactor(context, auth.user.id)))
    await context.storage.recoveryCodes.replace(auth.user.id, [], context.now())
}

/** Ten new recovery codes in place of the old ones (a fresh second factor first). */
export async function replaceRecoveryCodes(
  context: Context,
  auth: Auth,
  factorProof: string | undefined,
) {
  await requireFactorProof(context, auth, { action: 'factors' }, factorProof)
  return { recoveryCodes: await newRecoveryCodes(context, auth.user.id) }
}

/** WebAuthn options to use one of the user's passkeys as a second factor for `action`. */
export async function passkeyFactorOptions(
  context: Context,
  { auth, thumbprint, action }: { auth: Auth; thumbprint: string; action: FactorScope['action'] },
) {
  const { generateAuthenticationOptions } = await loadPeer(
    '@simplewebauthn/server',
    () => import('@simplewebauthn/server'),
  )
  const passkeys = await context.storage.passkeys.findByUser(auth.user.id)
  if (passkeys.length === 0) throw new PasskeyVerificationError({ reason: 'UNKNOWN_CREDENTIAL' })
  // Bound to the session's device key, the user and the action: answered once, for it only.
  const challenge = await issueChallenge(context, {
    purpose: `factor:${action}`,
    userId: auth.user.id,
    thumbprint,
  })
  return generateAuthenticationOptions({
    rpID: relyingParty(context).rpId,
    challenge,
    timeout: context.options.passkeys.challengeTtlMs,
    userVerification: 'required',
    allowCredentials: passkeys.map(({ credentialId, transports }) => ({
      id: credentialId,
      transports,
    })),
  })
}

/**
 * Checks a second factor for `scope` (an authenticator code of the current, previous or next
 * 30-second step, used once; a recovery code, used once; or a passkey assertion for this
 * session's challenge of this action) and answers a fresh proof for that scope alone.
 */
export async function verifyFactor(
  context: Context,
  {
    auth,
    thumbprint,
    scope,
    answer,
  }: { auth: Auth; thumbprint: string; scope: FactorScope; answer: FactorAnswer },
) {
  const userId = auth.user.id
  if ('passkey' in answer) {
    const { passkey: response, projectId } = answer
    const challenge = await consumeChallenge(
      context,
      response.response.clientDataJSON,
      `factor:${scope.action}`,
      { thumbprint, projectId },
    )
    if (challenge.userId !== userId) throw new PasskeyChallengeError()
    const passkey = await context.storage.passkeys.find(response.id)
    if (!passkey || passkey.userId !== userId)
      throw new PasskeyVerificationError({ reason: 'UNKNOWN_CREDENTIAL' })
    await verifyAssertion(context, { passkey, response, challenge })
  } else
    await checkCode(context, userId, async () => {
      if ('recoveryCode' in answer) {
        const used = await context.storage.recoveryCodes.spend(
          userId,
          recoveryCodeHash(userId, answer.recoveryCode),
          context.now(),
        )
        if (!used) throw new InvalidSecondFactorError({ reason: 'RECOVERY_CODE' })
        return
      }
      const { bytes } = await totpSecret(context, userId, true)
      const step = matchTotpStep(bytes, answer.code, context.now())
      if (step === undefined) throw new InvalidSecondFactorError({ reason: 'CODE' })
      // One conditional UPDATE: a step (or an earlier one) used before is refused everywhere.
      if (!(await context.storage.totp.takeStep(userId, step)))
        throw new InvalidSecondFactorError({ reason: 'REUSED' })
    })
  return issueFactorProof(context, auth, scope)
}
