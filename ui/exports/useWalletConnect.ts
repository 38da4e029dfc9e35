import {
  type UseWalletConnectParameters,
  type UseWalletConnectReturnType,
  useWalletConnect as useModalWalletConnect,
} from '../hooks/useWalletConnect'

/**
 * Headless WalletConnect pairing: asks the `walletConnect()` connector for a URI, keeps it fresh
 * (a URI with 10 s or less left is replaced before it is shown, a rejected proposal gets a new
 * one at once), reports the status and opens wallet links.
 * @example const { uri, status, error, refresh } = useWalletConnect()
 */
export function useWalletConnect(
  parameters?: UseWalletConnectParameters,
): UseWalletConnectReturnType {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useModalWalletConnect(parameters)
}
