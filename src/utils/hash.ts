const transactionHash = /^0x[0-9a-fA-F]{62,}$/

/** Whether a string looks like a transaction hash: `0x` then 62 or more hex characters (SPEC §5). */
export function isTransactionHash(hash: string): boolean {
  return typeof hash === 'string' && transactionHash.test(hash)
}
