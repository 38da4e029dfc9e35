import type * as z from 'zod/mini'
import type { FrameSuccessPayload } from './frameResponses'
import type { embeddedWalletUserSchema, frameAccountTypeSchema } from './frameValues'

// The embedded wallet's types, each derived once from the frame's schemas (what the frame
// answers is what the server sent it): the server, the connector and the email flow import them.

/** The embedded wallet user (SPEC §3 "Embedded wallet user"), as the server and the frame send it. */
export type EmbeddedWalletUser = z.output<typeof embeddedWalletUserSchema>

/** Account type of the embedded wallet (SPEC §4 "Preferred account type"). */
export type EmbeddedAccountType = z.output<typeof frameAccountTypeSchema>

/** What connect email (and connect device) answers (SPEC §3 "Connect-email response"). */
export type ConnectEmailResponse = FrameSuccessPayload<'CONNECT_EMAIL'>

/** The next step of an email login (SPEC §3 "Connect-email response"). */
export type ConnectEmailAction = ConnectEmailResponse['action']

/** What update email answers (SPEC §3 "Update-email response"); the last step answers `{ newEmail }`. */
export type UpdateEmailResponse = FrameSuccessPayload<'UPDATE_EMAIL'>

/** The next step of an email change (SPEC §3 "Update-email response"). */
export type UpdateEmailAction = UpdateEmailResponse['action']
