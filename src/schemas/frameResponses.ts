import * as z from 'zod/mini'
import { emailSchema } from './email'
import type { FrameRequestType } from './frameRequests'
import { noFramePayloadSchema } from './frameRequests'
import {
  embeddedWalletUserSchema,
  frameAccountTypeSchema,
  frameAddressSchema,
  frameChainIdSchema,
  frameJsonSchema,
  frameLoginProviderSchema,
  frameString,
  frameUrlSchema,
} from './frameValues'

/** Builds the schema of a frame→app success reply: `{ id: uuid, type: '<X>_SUCCESS', payload }`. */
export function frameSuccessSchema<const T extends string, P extends z.ZodMiniType>(
  type: T,
  payload: P,
) {
  return z.strictObject({ id: z.uuid(), type: z.literal(`${type}_SUCCESS`), payload })
}

/**
 * Payload of every `<X>_ERROR` reply: a serialised error (`src/errors/serializeError.ts`): the
 * class name the frame or the server threw, the sentence (a missing one reads 'An error
 * occurred', SPEC §8), the EIP-1193 / JSON-RPC code and the class's wire fields as `details`.
 */
export const frameErrorPayloadSchema = z.optional(
  z.strictObject({
    name: z.optional(frameString(64).check(z.regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/))),
    message: z.optional(frameString(4096)),
    /** EIP-1193 / JSON-RPC code, e.g. 4001 when the user rejects inside the frame. */
    code: z.optional(
      z.number().check(z.int(), z.minimum(-2_147_483_648), z.maximum(2_147_483_647)),
    ),
    /** The error's wire fields, e.g. `{ hash, nonce, mayHaveBeenSent }` of a broadcast. */
    details: z.optional(
      z
        .record(
          frameString(64).check(z.regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/)),
          z.union([frameString(256), z.number(), z.boolean()]),
        )
        .check(z.refine((details) => Object.keys(details).length <= 16, 'At most 16 details.')),
    ),
  }),
)

/** The payload of an error reply, as the frame sends it. */
export type FrameErrorPayload = NonNullable<z.output<typeof frameErrorPayloadSchema>>

/** Builds the schema of a frame→app error reply: `{ id: uuid, type: '<X>_ERROR', payload }`. */
export function frameErrorSchema<const T extends string>(type: T) {
  return z.strictObject({
    id: z.uuid(),
    type: z.literal(`${type}_ERROR`),
    payload: frameErrorPayloadSchema,
  })
}

const connectEmailAction = z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT'])

/** Payload of the success reply to each request type. */
export const frameSuccessPayloadSchemas = {
  SWITCH_NETWORK: z.strictObject({ chainId: frameChainIdSchema }),
  CONNECT_EMAIL: z.strictObject({ action: connectEmailAction }),
  CONNECT_DEVICE: noFramePayloadSchema,
  CONNECT_OTP: noFramePayloadSchema,
  CONNECT_SOCIAL: embeddedWalletUserSchema,
  CONNECT_PASSKEY: noFramePayloadSchema,
  /** `prf`: the passkey has the PRF extension (a sealed wallet's recovery share is now under it). */
  REGISTER_PASSKEY: z.strictObject({ prf: z.boolean() }),
  /** How many passkeys the account has when the visitor closes the list. */
  MANAGE_PASSKEYS: z.strictObject({ passkeys: z.number().check(z.int(), z.nonnegative()) }),
  /** The imported wallet's address (now the account's). */
  IMPORT_WALLET: z.strictObject({ address: frameAddressSchema }),
  // Nothing of what happened in the security screens (no key, no code) reaches the host.
  OPEN_SECURITY: noFramePayloadSchema,
  /** `none`: not a sealed wallet; `set`: its recovery share exists; `missing`: not yet. */
  SETUP_RECOVERY: z.strictObject({ recovery: z.enum(['none', 'set', 'missing']) }),
  // Which logins were linked or removed stays in the frame: the host asks GET_USER after.
  OPEN_LOGINS: noFramePayloadSchema,
  GET_FARCASTER_URI: z.strictObject({ uri: frameUrlSchema }),
  CONNECT_FARCASTER: z.strictObject({ userName: frameString(256) }),
  GET_USER: embeddedWalletUserSchema,
  GET_SOCIAL_REDIRECT_URI: z.strictObject({
    uri: frameUrlSchema,
    /** When the login expires (ms since epoch): its result is refused after. */
    expiresAt: z.optional(z.number().check(z.int(), z.nonnegative())),
  }),
  GET_SOCIAL_PROVIDERS: z.strictObject({
    /** The configured logins SPEC §5 knows, `farcaster` among them when the server has it on. */
    providers: z.array(frameLoginProviderSchema).check(z.maxLength(16)),
  }),
  SIGN_OUT: noFramePayloadSchema,
  SIGN_OUT_EVERYWHERE: noFramePayloadSchema,
  CANCEL_APPROVAL: z.strictObject({ cancelled: z.boolean() }),
  IS_CONNECTED: z.strictObject({ isConnected: z.boolean() }),
  GET_CHAIN_ID: z.strictObject({ chainId: frameChainIdSchema }),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: z.strictObject({
    smartAccountEnabledNetworks: z
      .array(z.number().check(z.int(), z.positive()))
      .check(z.maxLength(1024)),
  }),
  INIT_SMART_ACCOUNT: z.strictObject({ address: frameAddressSchema, isDeployed: z.boolean() }),
  SET_PREFERRED_ACCOUNT: z.strictObject({
    type: frameAccountTypeSchema,
    address: frameAddressSchema,
  }),
  RPC_REQUEST: z.strictObject({ result: frameJsonSchema }),
  UPDATE_EMAIL: z.strictObject({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
  UPDATE_EMAIL_PRIMARY_OTP: noFramePayloadSchema,
  UPDATE_EMAIL_SECONDARY_OTP: z.strictObject({ newEmail: emailSchema }),
  SYNC_THEME: noFramePayloadSchema,
  SYNC_DAPP_DATA: noFramePayloadSchema,
  RELOAD: noFramePayloadSchema,
} as const satisfies Record<FrameRequestType, z.ZodMiniType>

/** Payload of the success reply to a request type. */
export type FrameSuccessPayload<T extends FrameRequestType> = z.output<
  (typeof frameSuccessPayloadSchemas)[T]
>

/** Schema of the READY event: the frame has loaded and listens. */
export const frameReadyEventSchema = z.strictObject({
  id: z.optional(z.uuid()),
  type: z.literal('READY'),
  payload: z.strictObject({ version: frameString(64).check(z.minLength(1)) }),
})

/**
 * A frame→app event. There is no session event: no message to the host ever carries a session
 * token (docs/device-proof.md).
 */
export type FrameEvent = z.output<typeof frameReadyEventSchema>
