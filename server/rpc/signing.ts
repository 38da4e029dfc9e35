import { isHex } from 'viem'
import { z } from 'zod'
import { walletAccount } from '../custody/wallets'
import { addressSchema, assertOwnAddress, parseParams } from './params'
import type { RpcHandler } from './types'

const personalSignParams = z.tuple([z.string(), addressSchema]).rest(z.unknown())

/** personal_sign [message, address]: hex is signed as bytes, other text as UTF-8. */
export const personalSign: RpcHandler = async ({ context, params, wallet }) => {
  const [message, address] = parseParams(personalSignParams, params)
  assertOwnAddress(address, wallet.address)
  const account = walletAccount(context, wallet)
  return account.signMessage({ message: isHex(message) ? { raw: message } : message })
}

const typedDataSchema = z.object({
  domain: z.record(z.string(), z.unknown()).optional(),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  message: z.record(z.string(), z.unknown()),
})

const signTypedDataParams = z.tuple([
  addressSchema,
  z.union([
    z
      .string()
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown
        } catch {
          ctx.addIssue({ code: 'custom', message: 'Typed data is not valid JSON.' })
          return z.NEVER
        }
      })
      .pipe(typedDataSchema),
    typedDataSchema,
  ]),
])

/** eth_signTypedData_v4 [address, typedData (object or JSON string)] (EIP-712). */
export const signTypedDataV4: RpcHandler = async ({ context, params, wallet }) => {
  const [address, typedData] = parseParams(signTypedDataParams, params)
  assertOwnAddress(address, wallet.address)
  const account = walletAccount(context, wallet)
  return account.signTypedData(typedData as Parameters<typeof account.signTypedData>[0])
}
