import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import type { CanonicalSolanaRequest } from '../../src/approval/solanaTypes'
import { decodeSolanaTransaction } from '../../src/solana/decodeSolanaTransaction'
import { insertSolanaSignature } from '../../src/solana/insertSolanaSignature'
import { decodeBase64, encodeBase64 } from '../../src/utils/base64'
import { encodeBase58 } from '../../src/utils/encodeBase58'
import type { Api } from '../createApi'
import type { SealedCustody } from './createSealedCustody'
import type { FrameSolanaSigner } from './walletSecret'

// The canonical request holds strict base64 that the shared builder already read.
const bytesOf = (base64: string) => decodeBase64(base64) as Uint8Array

/** The wire transaction with the account's signature of its message bytes in its slot (base64). */
function signTransaction(base64: string, signer: FrameSolanaSigner): string {
  const bytes = bytesOf(base64)
  const { messageBytes } = decodeSolanaTransaction(bytes)
  return encodeBase64(insertSolanaSignature(bytes, signer.address, signer.sign(messageBytes)))
}

/**
 * Signs an approved Solana request of a sealed wallet in the frame, with the ed25519 seed rebuilt
 * for this one request (frame/sealed/walletSecret.ts), and answers as the server does for a key it
 * keeps (server/solana/handleSolanaRpc.ts): `{ signature }` for a message and a sent transaction,
 * `{ transaction }` or `{ transactions }` (base64) for signed ones. A transaction to send is sent
 * by the server (POST solana/sealed/send), which checks it is exactly the approved one with a
 * valid signature of the account, and records it under that signature before it goes out.
 */
export async function signSealedSolana({
  api,
  token,
  custody,
  request,
}: {
  api: Api
  token: string
  custody: SealedCustody
  request: CanonicalSolanaRequest
}): Promise<unknown> {
  switch (request.method) {
    case 'solana_signMessage':
      return custody.withSolana(async (signer) => ({
        signature: encodeBase58(signer.sign(bytesOf(request.message))),
      }))
    case 'solana_signTransaction':
      return custody.withSolana(async (signer) => ({
        transaction: signTransaction(request.transaction, signer),
      }))
    case 'solana_signAllTransactions':
      return custody.withSolana(async (signer) => ({
        transactions: request.transactions.map((item) => signTransaction(item, signer)),
      }))
    case 'solana_signAndSendTransaction': {
      const transaction = await custody.withSolana(async (signer) =>
        signTransaction(request.transaction, signer),
      )
      const { result } = await api<{ result: unknown }>('/solana/sealed/send', {
        body: { request, hash: hashCanonicalRequest(request), transaction },
        token,
      })
      return result
    }
  }
}
