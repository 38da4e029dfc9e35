import { parseAbi } from 'viem'

/** Farcaster's ID registry on Optimism (which address holds each fid). */
export const idRegistryAddress = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

/** Farcaster's key registry on Optimism (the keys each fid added). */
export const keyRegistryAddress = '0x00000000Fc1237824fb747aBDE0FF18990E59b7e'

/** The two reads Sign In With Farcaster needs of the registries. */
export const farcasterRegistryAbi = parseAbi([
  'function custodyOf(uint256 fid) view returns (address)',
  'function keyDataOf(uint256 fid, bytes key) view returns ((uint8 state, uint32 keyType))',
])

/** Key type of an auth address in the key registry (type 1 is an ed25519 signer). */
export const authAddressKeyType = 2

/** Key state "added" (0: never added, 2: removed). */
export const keyStateAdded = 1

/** Chain id of OP Mainnet, where the registries live and SIWF messages name. */
export const farcasterChainId = 10
