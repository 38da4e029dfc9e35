import { type SocialLogin, useSocialLogin as useModalSocialLogin } from '../hooks/useSocialLogin'

/**
 * Headless social login through the embedded wallet: the modal's social buttons and its
 * ConnectingSocial view are built on it. Call `start(provider)` in a click handler: it opens the
 * provider's popup at once.
 * @example
 * const { state, start } = useSocialLogin()
 */
export function useSocialLogin(): SocialLogin {
  // Its own built file (see useEmailLogin.ts): the social machine stays out of the first bundle.
  return useModalSocialLogin()
}
