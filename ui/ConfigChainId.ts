import type { ResolvedRegister } from 'wagmi'

/** A chain id of the (possibly registered) wagmi config; ids we hand wagmi come from its chain list. */
export type ConfigChainId = ResolvedRegister['config']['chains'][number]['id']
