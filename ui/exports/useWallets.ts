import { type UseWalletsReturnType, useWallets as useModalWallets } from '../hooks/useWallets'

/**
 * The wallets the visitor can connect, grouped like the Connect view. The list is built by the
 * modal's lazy chunk (options, recent wallets): used outside the modal, the hook loads that chunk
 * and returns an empty list until it is there.
 * @example const { wallets, connect } = useWallets()
 */
export function useWallets(): UseWalletsReturnType {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useModalWallets()
}
