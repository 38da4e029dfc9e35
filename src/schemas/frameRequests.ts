import * as z from 'zod/mini'
import { emailSchema } from './email'
import { frameRpcPayloadSchema } from './frameRpc'
import {
  frameAccountTypeSchema,
  frameChainIdSchema,
  frameDappMetadataSchema,
  frameOtpSchema,
  frameSocialProviderSchema,
  frameThemeSchema,
  frameUrlSchema,
  socialResultSchema,
} from './frameValues'

/** A payload that must be absent. */
export const noFramePayloadSchema = z.optional(z.undefined())

/** Builds the schema of an app→frame request: `{ id: uuid, type, payload }`, strict. */
export function frameRequestSchema<const T extends string, P extends z.ZodMiniType>(
  type: T,
  payload: P,
) {
  return z.strictObject({ id: z.uuid(), type: z.literal(type), payload })
}

/** Schema of every app→frame request, by type (SPEC §7 "Embedded frame messages"). */
export const frameRequestSchemas = {
  SWITCH_NETWORK: frameRequestSchema(
    'SWITCH_NETWORK',
    z.strictObject({ chainId: frameChainIdSchema }),
  ),
  CONNECT_EMAIL: frameRequestSchema('CONNECT_EMAIL', z.strictObject({ email: emailSchema })),
  CONNECT_DEVICE: frameRequestSchema('CONNECT_DEVICE', noFramePayloadSchema),
  CONNECT_OTP: frameRequestSchema('CONNECT_OTP', z.strictObject({ otp: frameOtpSchema })),
  /**
   * SPEC §7 "connect social": the result handle the provider's callback page handed the host
   * (never a code or a token; it works once, for the frame session that started the login).
   * `secret`: the host's single-use secret of a redirect-mode login.
   */
  CONNECT_SOCIAL: frameRequestSchema(
    'CONNECT_SOCIAL',
    z.strictObject({
      result: socialResultSchema,
      secret: z.optional(z.string().check(z.minLength(16), z.maxLength(256))),
      preferredAccountType: z.optional(frameAccountTypeSchema),
      chainId: z.optional(frameChainIdSchema),
    }),
  ),
  /**
   * Signs in with a passkey alone: the frame shows its passkey screen (the browser's prompt
   * starts from a click inside the frame), then the session is bound to the frame's device key.
   */
  CONNECT_PASSKEY: frameRequestSchema('CONNECT_PASSKEY', noFramePayloadSchema),
  /** Adds a passkey to the signed-in account (and seals the recovery share with it, with PRF). */
  REGISTER_PASSKEY: frameRequestSchema('REGISTER_PASSKEY', noFramePayloadSchema),
  /**
   * Lists the signed-in account's passkeys in the frame, where the visitor removes one (never
   * the last way to sign in); the list and every removal stay in the frame.
   */
  MANAGE_PASSKEYS: frameRequestSchema('MANAGE_PASSKEYS', noFramePayloadSchema),
  /**
   * Imports a wallet: the visitor types its recovery phrase or private key into the frame's own
   * screen (never the host page), and it becomes the account's sealed wallet, same address.
   */
  IMPORT_WALLET: frameRequestSchema('IMPORT_WALLET', noFramePayloadSchema),
  /**
   * Opens the frame's security screens (second factors, recovery codes, export of the key): the
   * frame shows them like an approval and answers, with nothing, once the visitor closes them.
   */
  OPEN_SECURITY: frameRequestSchema('OPEN_SECURITY', noFramePayloadSchema),
  /**
   * A sealed wallet's recovery setup (docs/security.md): answers whether its recovery password is
   * set; with `ask`, the frame first shows its "Protect your wallet" screen (like an approval)
   * when it is not. Skipping it is no error: the answer says `missing`.
   */
  SETUP_RECOVERY: frameRequestSchema(
    'SETUP_RECOVERY',
    z.optional(z.strictObject({ ask: z.optional(z.boolean()) })),
  ),
  /**
   * Opens the frame's "Ways to sign in" screen (issue 14): the email and provider accounts that
   * open the wallet, where the visitor links another (email code, provider window, Farcaster QR)
   * or removes one (never the last); answers, with nothing, once the visitor closes it.
   */
  OPEN_LOGINS: frameRequestSchema('OPEN_LOGINS', noFramePayloadSchema),
  GET_FARCASTER_URI: frameRequestSchema('GET_FARCASTER_URI', noFramePayloadSchema),
  CONNECT_FARCASTER: frameRequestSchema('CONNECT_FARCASTER', noFramePayloadSchema),
  GET_USER: frameRequestSchema(
    'GET_USER',
    z.optional(
      z.strictObject({
        chainId: z.optional(frameChainIdSchema),
        preferredAccountType: z.optional(frameAccountTypeSchema),
        socialUri: z.optional(frameUrlSchema),
      }),
    ),
  ),
  /**
   * SPEC §7 "get social redirect URI": the frame starts a login bound to its device key, for its
   * parent's exact origin, and answers the provider's authorization URL for the popup (or, in
   * `redirect` mode, for the whole page). `returnUrl`: a page of the parent's origin the result
   * may come back to (required in redirect mode, and where a strict COOP cuts a popup off);
   * `secretHash`: SHA-256 (base64url) of the single-use secret the host keeps (redirect mode).
   */
  GET_SOCIAL_REDIRECT_URI: frameRequestSchema(
    'GET_SOCIAL_REDIRECT_URI',
    z.strictObject({
      provider: frameSocialProviderSchema,
      mode: z.optional(z.enum(['popup', 'redirect'])),
      returnUrl: z.optional(frameUrlSchema),
      secretHash: z.optional(socialResultSchema),
    }),
  ),
  /** The social providers the server has configured, for the Connect view's buttons. */
  GET_SOCIAL_PROVIDERS: frameRequestSchema('GET_SOCIAL_PROVIDERS', noFramePayloadSchema),
  SIGN_OUT: frameRequestSchema('SIGN_OUT', noFramePayloadSchema),
  /** Ends every session of the user on the server (every device), this one included. */
  SIGN_OUT_EVERYWHERE: frameRequestSchema('SIGN_OUT_EVERYWHERE', noFramePayloadSchema),
  // No payload: the frame adopts only sessions it made itself; a token from the host is refused.
  IS_CONNECTED: frameRequestSchema('IS_CONNECTED', noFramePayloadSchema),
  GET_CHAIN_ID: frameRequestSchema('GET_CHAIN_ID', noFramePayloadSchema),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: frameRequestSchema(
    'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
    noFramePayloadSchema,
  ),
  INIT_SMART_ACCOUNT: frameRequestSchema('INIT_SMART_ACCOUNT', noFramePayloadSchema),
  SET_PREFERRED_ACCOUNT: frameRequestSchema(
    'SET_PREFERRED_ACCOUNT',
    z.strictObject({ type: frameAccountTypeSchema }),
  ),
  RPC_REQUEST: frameRequestSchema('RPC_REQUEST', frameRpcPayloadSchema),
  UPDATE_EMAIL: frameRequestSchema('UPDATE_EMAIL', z.strictObject({ email: emailSchema })),
  UPDATE_EMAIL_PRIMARY_OTP: frameRequestSchema(
    'UPDATE_EMAIL_PRIMARY_OTP',
    z.strictObject({ otp: frameOtpSchema }),
  ),
  UPDATE_EMAIL_SECONDARY_OTP: frameRequestSchema(
    'UPDATE_EMAIL_SECONDARY_OTP',
    z.strictObject({ otp: frameOtpSchema }),
  ),
  SYNC_THEME: frameRequestSchema('SYNC_THEME', frameThemeSchema),
  SYNC_DAPP_DATA: frameRequestSchema('SYNC_DAPP_DATA', frameDappMetadataSchema),
  RELOAD: frameRequestSchema('RELOAD', noFramePayloadSchema),
  /**
   * The app gave up on request `id` (aborted, timed out): the frame closes its approval screen or
   * popup and rejects it. It can only ever reject, never approve.
   */
  CANCEL_APPROVAL: frameRequestSchema('CANCEL_APPROVAL', z.strictObject({ id: z.uuid() })),
} as const

/** Type of an app→frame request. */
export type FrameRequestType = keyof typeof frameRequestSchemas

/** Every app→frame request type, in SPEC §7 order. */
export const frameRequestTypes = Object.keys(frameRequestSchemas) as FrameRequestType[]

/** An app→frame request message of a given type. */
export type FrameRequest<T extends FrameRequestType = FrameRequestType> = {
  [K in T]: z.output<(typeof frameRequestSchemas)[K]>
}[T]

/** The payload a caller gives for a request type. */
export type FrameRequestPayload<T extends FrameRequestType> = z.input<
  (typeof frameRequestSchemas)[T]
>['payload']

/** Whether a string is exactly an app→frame request type. */
export function isFrameRequestType(type: unknown): type is FrameRequestType {
  return typeof type === 'string' && Object.hasOwn(frameRequestSchemas, type)
}
