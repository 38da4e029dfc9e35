import {
  type AddEthereumChainParameter,
  type Chain,
  numberToHex,
  SwitchChainError,
  UserRejectedRequestError,
} from 'viem'
import { ChainNotConfiguredError } from 'wagmi'
import { isRejected } from './classifyWalletConnectError'
import type { WalletConnectProvider } from './createWalletConnectProvider'
import type { ConnectorConfig } from './walletConnectTypes'

/** What wagmi's `switchChain` hands a connector. */
export interface SwitchChainArgs {
  addEthereumChainParameter?: Partial<Omit<AddEthereumChainParameter, 'chainId'>> | undefined
  chainId: number
}

/**
 * Switches a WalletConnect session's chain: `wallet_switchEthereumChain`, settled once wagmi saw
 * the `change`; a wallet that does not know the chain is asked to add it (wallets switch on add).
 * @throws UserRejectedRequestError when the visitor declines the switch or the add
 * @throws SwitchChainError for a chain outside the config, or an add that failed
 * @example await switchWalletConnectChain(config, await loadProvider(), { chainId: 56 })
 */
export async function switchWalletConnectChain(
  config: ConnectorConfig,
  instance: WalletConnectProvider,
  { addEthereumChainParameter, chainId }: SwitchChainArgs,
): Promise<Chain> {
  const chain = config.chains.find((x) => x.id === chainId)
  if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
  if (instance.chainId === chainId) return chain

  let listener: (data: { chainId?: number | undefined }) => void = () => {}
  const changed = new Promise<void>((resolve) => {
    listener = (data) => {
      if (data.chainId !== chainId) return
      config.emitter.off('change', listener)
      resolve()
    }
    config.emitter.on('change', listener)
  })
  try {
    await Promise.all([
      changed,
      instance.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: numberToHex(chainId) }],
      }),
    ])
    return chain
  } catch (error) {
    config.emitter.off('change', listener)
    if (isRejected(error)) throw new UserRejectedRequestError(error as Error)
    // The wallet does not know the chain: add it (the wallet switches on add).
    try {
      const add = toAddChainParameter(chain, addEthereumChainParameter)
      await instance.request({ method: 'wallet_addEthereumChain', params: [add] })
      if (instance.chainId !== chainId) config.emitter.emit('change', { chainId })
      return chain
    } catch (addError) {
      if (isRejected(addError)) throw new UserRejectedRequestError(addError as Error)
      throw new SwitchChainError(addError as Error)
    }
  }
}

/** `wallet_addEthereumChain`'s parameter: the caller's values first, the configured chain's after. */
function toAddChainParameter(
  chain: Chain,
  given: SwitchChainArgs['addEthereumChainParameter'],
): AddEthereumChainParameter {
  return {
    chainId: numberToHex(chain.id),
    chainName: given?.chainName ?? chain.name,
    nativeCurrency: given?.nativeCurrency ?? chain.nativeCurrency,
    rpcUrls: given?.rpcUrls?.length ? given.rpcUrls : [...chain.rpcUrls.default.http],
    blockExplorerUrls:
      given?.blockExplorerUrls ??
      (chain.blockExplorers ? [chain.blockExplorers.default.url] : undefined),
    iconUrls: given?.iconUrls,
  }
}
