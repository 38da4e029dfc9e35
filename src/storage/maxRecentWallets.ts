/**
 * Most wallets the Recent group keeps (SPEC §9). Its own module, free of zod: the Recent group's
 * helpers reach it from `latchkey/react`'s entry, the storage schemas only from the modal.
 */
export const maxRecentWallets = 2
