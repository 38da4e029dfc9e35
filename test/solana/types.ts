/** Shared types of the Solana RPC server's method tables. */

/** One JSON-RPC method: positional params in, a result out (or a thrown `SolanaRpcError`). */
export type Method = (params: unknown[]) => unknown | Promise<unknown>

/** Methods by name. */
export type MethodTable = Record<string, Method>

/** The `apiVersion` the server reports in every context (the agave line it imitates). */
export const apiVersion = '2.2.0'

/** The validator's `{ context: { apiVersion, slot }, value }` envelope. */
export function withContext(slot: bigint, value: unknown) {
  return { context: { apiVersion, slot }, value }
}
