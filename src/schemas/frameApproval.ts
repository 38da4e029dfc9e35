import * as z from 'zod/mini'

/**
 * Schema of the APPROVAL_REQUESTED event: the frame shows its approval screen for the RPC
 * request `id`; the host shows the iframe (ApproveTransaction view) so the user can click. Sent
 * again with `popup: 'open'` once the decision moved to the wallet's popup window.
 */
export const frameApprovalRequestedEventSchema = z.strictObject({
  id: z.optional(z.uuid()),
  type: z.literal('APPROVAL_REQUESTED'),
  payload: z.strictObject({ id: z.uuid(), popup: z.optional(z.literal('open')) }),
})

/** Schema of the APPROVAL_SETTLED event: the approval of request `id` ended; hide the iframe. */
export const frameApprovalSettledEventSchema = z.strictObject({
  id: z.optional(z.uuid()),
  type: z.literal('APPROVAL_SETTLED'),
  payload: z.strictObject({ id: z.uuid() }),
})

/** A frame→app approval event. */
export type FrameApprovalEvent =
  | z.output<typeof frameApprovalRequestedEventSchema>
  | z.output<typeof frameApprovalSettledEventSchema>

/** Parses a frame→app approval event; undefined for anything else. Never throws. */
export function parseFrameApprovalEvent(value: unknown): FrameApprovalEvent | undefined {
  const requested = frameApprovalRequestedEventSchema.safeParse(value)
  if (requested.success) return requested.data
  const settled = frameApprovalSettledEventSchema.safeParse(value)
  return settled.success ? settled.data : undefined
}
