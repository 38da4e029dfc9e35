import { z } from 'zod'
import type { OnrampSessionRecord } from './onrampSessionRecord'
import { int } from './rows'

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/) as unknown as z.ZodType<`0x${string}`>

/** An `onramp_sessions` row. */
export const onrampSessionRow = z
  .object({
    id: z.string(),
    provider: z.string(),
    project_id: z.string(),
    origin: z.string(),
    address: hex,
    chain_id: int,
    token: hex,
    symbol: z.string(),
    decimals: int,
    fiat_currency: z.string(),
    fiat_amount: z.string(),
    fee_amount: z.string(),
    crypto_amount: z.string().regex(/^\d+$/),
    payment_method: z.string(),
    country: z.string(),
    widget_url: z.string(),
    status: z.enum(['pending', 'processing', 'completed', 'failed']),
    tx_hash: hex.nullable(),
    failure_reason: z.string().nullable(),
    provider_ref: z.string().nullable().default(null),
    created_at: int,
    updated_at: int,
  })
  .transform(
    (row): OnrampSessionRecord => ({
      id: row.id,
      provider: row.provider,
      projectId: row.project_id,
      origin: row.origin,
      address: row.address,
      chainId: row.chain_id,
      token: row.token,
      symbol: row.symbol,
      decimals: row.decimals,
      fiatCurrency: row.fiat_currency,
      fiatAmount: row.fiat_amount,
      feeAmount: row.fee_amount,
      cryptoAmount: row.crypto_amount,
      paymentMethod: row.payment_method,
      country: row.country,
      widgetUrl: row.widget_url,
      status: row.status,
      txHash: row.tx_hash,
      failureReason: row.failure_reason,
      providerRef: row.provider_ref,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }),
  )

/** The columns of an insert, in order, and the values of `session` for them. */
export const onrampSessionColumns = [
  'id',
  'provider',
  'project_id',
  'origin',
  'address',
  'chain_id',
  'token',
  'symbol',
  'decimals',
  'fiat_currency',
  'fiat_amount',
  'fee_amount',
  'crypto_amount',
  'payment_method',
  'country',
  'widget_url',
  'status',
  'tx_hash',
  'failure_reason',
  'provider_ref',
  'created_at',
  'updated_at',
] as const

/** `session`'s values in the order of {@link onrampSessionColumns}. */
export function onrampSessionValues(session: OnrampSessionRecord): (string | number | null)[] {
  return [
    session.id,
    session.provider,
    session.projectId,
    session.origin,
    session.address,
    session.chainId,
    session.token,
    session.symbol,
    session.decimals,
    session.fiatCurrency,
    session.fiatAmount,
    session.feeAmount,
    session.cryptoAmount,
    session.paymentMethod,
    session.country,
    session.widgetUrl,
    session.status,
    session.txHash,
    session.failureReason,
    session.providerRef,
    session.createdAt,
    session.updatedAt,
  ]
}
