/**
 * Latchkey's self-hosted server: email login with one-time codes, sessions, key custody and
 * signing for the embedded wallet. Needs the optional peers hono, @hono/node-server,
 * @libsql/client and (for SMTP) nodemailer.
 * @example
 * import { createLatchkeyServer } from 'latchkey/server'
 * const server = await createLatchkeyServer({ smtpUrl: process.env.SMTP_URL })
 * await server.listen()
 */

export type {
  ConnectEmailResponse,
  EmbeddedWalletUser,
  UpdateEmailResponse,
} from '../src/schemas/embeddedWalletTypes'
export type { Auth } from './auth/sessions'
export type { ServerContext } from './context'
export {
  createLatchkeyServer,
  type LatchkeyServer,
  type ListeningServer,
} from './createLatchkeyServer'
export type { Logger } from './logger'
export { createConsoleMailer } from './mail/createConsoleMailer'
export { createSmtpMailer } from './mail/createSmtpMailer'
export type { Mail, Mailer } from './mail/types'
export {
  type LatchkeyServerOptions,
  parseServerOptions,
  type ResolvedServerOptions,
} from './options'
export { forwardedMethods } from './rpc/allowedMethods'
export type { ErrorBody } from './schemas/api'
export {
  type CreateMemoryNonceStoreParameters,
  createMemoryNonceStore,
  type SiwxNonceStore,
} from './siwx/createMemoryNonceStore'
export {
  type CreateStorageNonceStoreParameters,
  createStorageNonceStore,
} from './siwx/createStorageNonceStore'
export type { SiwxProjectOptions } from './siwx/siwxOptions'
export {
  type SiwxExpectations,
  type SiwxVerifyClient,
  type VerifySiwxParameters,
  verifySiwx,
} from './siwx/verifySiwx'
export {
  createLibsqlStorage,
  type LibsqlStorageOptions,
} from './storage/libsql/createLibsqlStorage'
export type { Migration } from './storage/migration'
export { migrations } from './storage/migrations'
export type * from './storage/types'
