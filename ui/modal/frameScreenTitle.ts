import type { LocaleKey } from '../locales/localeKey'

/**
 * The frame's own screens come through ApproveTransaction too, named by the `method` of their
 * approval event (src/frame/createFrameApprovals.ts): each keeps its own title.
 */
const frameScreenTitles = new Map<string, LocaleKey>(
  Object.entries({
    security: 'title.Security',
    logins: 'title.Logins',
    passkey_login: 'title.PasskeyLogin',
    passkey_register: 'title.PasskeyRegister',
    passkey_manage: 'title.Passkeys',
    wallet_import: 'title.ImportWallet',
    recovery_setup: 'title.RecoverySetup',
    email_change: 'title.EmailChange',
  } satisfies Record<string, LocaleKey>),
)

/** The title of the frame's own screen an approval's `method` names, if it names one. */
export const frameScreenTitle = (method: unknown): LocaleKey | undefined =>
  typeof method === 'string' ? frameScreenTitles.get(method) : undefined
