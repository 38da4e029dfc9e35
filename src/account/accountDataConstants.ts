/** SPEC §9: portfolio (token balances, NFTs) cache lifetime, in ms. */
export const portfolioCacheMs = 30_000
/** SPEC §9: native balance cache lifetime, in ms. */
export const nativeBalanceCacheMs = 30_000
/** SPEC §9: name service cache lifetime, in ms. */
export const nameCacheMs = 5 * 60_000
/** SPEC §9: identity cache lifetime, in ms. */
export const identityCacheMs = 5 * 60_000
/** SPEC §9: after a token balance failure, reads answer empty for this long, in ms. */
export const balanceRetryLockMs = 30_000
/** How long a data server call may take before it counts as failed, in ms (SPEC §9: 10 s). */
export const accountDataTimeoutMs = 10_000
