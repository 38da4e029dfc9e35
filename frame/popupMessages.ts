import * as z from 'zod/mini'
import { approvalRequestSchema } from './approvalRequest'

/** Path of the approval popup page, on the wallet origin. */
export const approvalPopupPath = '/frame/approve'

const nonce = z.uuid()

/** Popup → frame (its opener): loaded, decided, or closing without a decision. */
export const popupToFrameSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('LK_POPUP_READY') }),
  z.strictObject({
    type: z.literal('LK_POPUP_DECISION'),
    payload: z.strictObject({ nonce, approved: z.boolean() }),
  }),
  z.strictObject({
    type: z.literal('LK_POPUP_CLOSED'),
    payload: z.strictObject({ nonce: z.optional(nonce) }),
  }),
])

/** A popup → frame message. */
export type PopupToFrame = z.infer<typeof popupToFrameSchema>

/** Frame → popup: the request to show (once), or the end of it (cancelled, expired). */
export const frameToPopupSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('LK_POPUP_SHOW'),
    payload: z.strictObject({
      nonce,
      request: approvalRequestSchema,
      origin: z.string().check(z.maxLength(2048)),
      dappName: z.optional(z.string().check(z.maxLength(256))),
      themeMode: z.enum(['light', 'dark']),
    }),
  }),
  z.strictObject({ type: z.literal('LK_POPUP_CANCEL'), payload: z.strictObject({ nonce }) }),
])

/** A frame → popup message. */
export type FrameToPopup = z.infer<typeof frameToPopupSchema>
