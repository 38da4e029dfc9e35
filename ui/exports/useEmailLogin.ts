import { type EmailLogin, useEmailLogin as useModalEmailLogin } from '../hooks/useEmailLogin'

/**
 * Headless email login through the embedded wallet: the modal's email views are built on it.
 * Inside the modal it shares the modal's flow; elsewhere each caller gets its own.
 * @example
 * const { state, submitEmail, submitOtp } = useEmailLogin()
 */
export function useEmailLogin(): EmailLogin {
  // A function of its own, built as its own file (tsup.config.ts) that ui/index.js imports as an
  // external: the modal imports the hook it wraps, never this file, so an app that does not call
  // it keeps the email-login machine and the locale table out of its first bundle (esbuild puts
  // every file a loaded file imports in the first bundle, used or not, once anything uses it).
  return useModalEmailLogin()
}
