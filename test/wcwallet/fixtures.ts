import type { Hex } from 'viem'

/** Anvil dev account 0 (public test key, funded on every fresh anvil). */
export const devAccountKey: Hex =
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

/** Anvil dev account 1, a recipient. */
export const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
