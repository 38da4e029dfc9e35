/**
 * Posts a signed transaction to the RPC (`sendTransaction`, base64) as a wallet does after signing;
 * the RPC's JSON-RPC error comes back as a `SolanaTestWalletError` with its code, message and data.
 */
import { getBase58Encoder, getBase64Decoder } from '@solana/kit'
import { internalFailure, SolanaTestWalletError } from './walletError'
import type { SendOptions } from './walletTypes'

/** Sends `signed` to `url`; resolves to the signature bytes the RPC answered. */
export async function sendToRpc(
  url: string,
  signed: Uint8Array,
  options: SendOptions = {},
): Promise<Uint8Array> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: crypto.randomUUID(),
      method: 'sendTransaction',
      params: [
        getBase64Decoder().decode(signed),
        {
          encoding: 'base64',
          preflightCommitment: options.preflightCommitment ?? options.commitment ?? 'finalized',
          skipPreflight: options.skipPreflight ?? false,
          ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
          ...(options.minContextSlot === undefined
            ? {}
            : { minContextSlot: options.minContextSlot }),
        },
      ],
    }),
  }).catch(() => {
    throw internalFailure(`The test wallet could not reach ${url}.`)
  })
  const body = (await response.json().catch(() => ({}))) as {
    result?: string
    error?: { code: number; message: string; data?: unknown }
  }
  if (body.error)
    throw new SolanaTestWalletError(body.error.code, body.error.message, body.error.data)
  if (typeof body.result !== 'string')
    throw internalFailure('The RPC answered without a signature.')
  return new Uint8Array(getBase58Encoder().encode(body.result))
}
