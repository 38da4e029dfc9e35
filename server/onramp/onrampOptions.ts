import { z } from 'zod'
import { rampProductionWebhookKey } from './ramp/rampWire'

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
 * Ramp Network (server/onramp/ramp): needs no secret. Its host API key is public (it is in the
 * widget's URL); its webhooks are checked with its published public key. The URLs are options so
 * that tests point them at a loopback stand-in; nothing is asked of Ramp unless this is set.
 */
const rampSchema = z
  .object({
    /** Ramp's host API key (public: it is sent in the widget URL). */
    hostApiKey: z.string().min(1).max(200),
    /** Ramp's REST API root. @default 'https://api.ramp.network/api' */
    apiUrl: z.url().default('https://api.ramp.network/api'),
    /** Ramp's hosted widget. @default 'https://app.ramp.network' */
    widgetUrl: z.url().default('https://app.ramp.network'),
    /** The PEM key Ramp's webhooks are checked with. @default Ramp's published production key */
    webhookPublicKey: z.string().includes('PUBLIC KEY').default(rampProductionWebhookKey),
    /** Shown in Ramp's widget. */
    hostAppName: z.string().min(1).max(60).optional(),
    /** Shown in Ramp's widget (https). */
    hostLogoUrl: z.url().optional(),
    /** Currencies offered (ISO 4217). @default ['USD', 'EUR', 'GBP'] */
    fiatCurrencies: z
      .array(z.string().regex(/^[A-Z]{3}$/))
      .min(1)
      .default(['USD', 'EUR', 'GBP']),
    /** Countries offered (ISO 3166-1 alpha-2); Ramp's page has the last word. @default a list of 16 */
    countries: z
      .array(z.string().regex(/^[A-Z]{2}$/))
      .min(1)
      .default([
        'US',
        'GB',
        'DE',
        'FR',
        'ES',
        'IT',
        'NL',
        'IE',
        'PT',
        'PL',
        'SE',
        'AT',
        'BE',
        'CA',
        'AU',
        'BR',
      ]),
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
    /** Ramp Network, the first real provider. */
    ramp: rampSchema.optional(),
    /** Deadline of one call to a provider. @default 10_000 */
    timeoutMs: z.number().int().positive().default(10_000),
  })
  .strict()

/** Resolved `onramp.ramp` option. */
export type RampOptions = z.output<typeof rampSchema>

/** Resolved `onramp.sandbox` option. */
export type SandboxOptions = z.output<typeof sandboxSchema>
