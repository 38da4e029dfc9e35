import { z } from 'zod'

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 20-byte address.')
const chainIdKey = z.string().regex(/^\d+$/, 'Expected a decimal chain id.')
const price = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'Expected a price such as 1.00.')

/**
 * anvil's tenth dev account (its default mnemonic): the sandbox's default payer. A public key
 * pair, funded only on development chains; the sandbox refuses to deliver anywhere else.
 */
export const anvilSandboxFunderKey =
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'

/** An ERC-20 the sandbox sells on one chain, with its price per currency (USD, EUR, GBP). */
const sandboxTokenSchema = z
  .object({
    address,
    symbol: z.string().min(1).max(20),
    name: z.string().min(1).max(60),
    decimals: z.number().int().min(0).max(36),
    /** The price of one token per currency, e.g. `{ USD: '1.00', EUR: '0.92' }`. */
    prices: z.record(z.enum(['USD', 'EUR', 'GBP']), price),
  })
  .strict()

/**
 * The sandbox (tests and the playground): two named test providers (1 % and 2 % fees), a card
 * page served by this server, signed webhooks to its own webhook route, and delivery of the
 * bought tokens from `funderKey` on development chains only (anvil, Hardhat).
 */
const sandboxSchema = z
  .object({
    /** The private key that pays deliveries. @default anvil's tenth dev account */
    funderKey: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'Expected a 0x-prefixed 32-byte private key.')
      .default(anvilSandboxFunderKey),
    /** HMAC secret of the sandbox's webhooks (the same on every instance). @default random at start */
    webhookSecret: z.string().min(16).optional(),
    /** ERC-20 tokens sold per chain id, beside each chain's own currency. @default {} */
    tokens: z.record(chainIdKey, z.array(sandboxTokenSchema)).default({}),
  })
  .strict()

/**
 * The `onramp` option: the card payment providers `latchkey serve` offers (server/API.md "Buy
 * with card"). None: no on-ramp route.
 */
export const onrampOptionsSchema = z
  .object({
    /** The sandbox providers; `{}` takes every default. */
    sandbox: sandboxSchema.optional(),
    /** Deadline of one call to a provider. @default 10_000 */
    timeoutMs: z.number().int().positive().default(10_000),
  })
  .strict()

/** Resolved `onramp.sandbox` option. */
export type SandboxOptions = z.output<typeof sandboxSchema>
