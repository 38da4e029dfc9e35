import { privateKeyToAccount } from 'viem/accounts'
import { afterEach } from 'vitest'
import type { LatchkeyServerOptions } from '../../server/options'
import { createSiwxMessage } from '../../src/siwx/createSiwxMessage'
import type { SiwxMessage, SiwxSession } from '../../src/siwx/types'
import { type ApiAnswer, startTestServer, type TestServer } from './startTestServer'

// Test fixture: sign-in against a test server's /siwx endpoints with a viem account.

/** anvil's first two dev accounts. */
export const alice = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
export const bob = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
)

/** Options of a server with sign-in for dapp.test on chain 1 (no RPC: EOAs verify offline). */
export const siwxServerOptions = {
  siwx: { '*': { domains: ['dapp.test'], chainIds: [1] } },
  allowedOrigins: { '*': ['https://dapp.test'] },
}

/** The answer of POST verify. */
export type VerifyAnswer = ApiAnswer<{
  session?: SiwxSession
  token?: string
  error?: { name: string; message: string; code?: string | number }
}>

/** Whatever signs a message: a viem account, or a Solana signer (`solanaSigner.ts`). */
type MessageSigner = { signMessage(parameters: { message: string }): Promise<string> }

/** A signed message: a fresh nonce from `base`, the server's time, `fields` on top. */
export async function signedMessage(
  server: TestServer,
  {
    base = '/v1/siwx',
    fields = {},
    signer = alice,
    headers,
  }: {
    base?: string
    fields?: Partial<SiwxMessage>
    signer?: MessageSigner
    /** Sent with the nonce request (e.g. `x-forwarded-for`, to spread it over client addresses). */
    headers?: Record<string, string>
  } = {},
) {
  const { body } = headers
    ? {
        body: (await (await fetch(`${server.url}${base}/nonce`, { headers })).json()) as {
          nonce: string
        },
      }
    : await server.get<{ nonce: string }>(`${base}/nonce`)
  const message = createSiwxMessage({
    accountAddress: alice.address,
    chainId: 'eip155:1',
    domain: 'dapp.test',
    uri: 'https://dapp.test/login',
    version: '1',
    nonce: body.nonce,
    issuedAt: new Date(server.clock.now()).toISOString(),
    ...fields,
  })
  return { message, signature: await signer.signMessage({ message }) }
}

/** POSTs a signed message to `base`/verify. */
export function verify(
  server: TestServer,
  signed: { message: string; signature: string },
  base = '/v1/siwx',
): Promise<VerifyAnswer> {
  return server.post(`${base}/verify`, signed)
}

/** The `latchkey_siwx=…` pair of a response's Set-Cookie, for a Cookie header. */
export function cookieOf(answer: ApiAnswer<unknown>): string {
  return answer.headers.get('set-cookie')?.split(';')[0] ?? ''
}

/** A `start(options)` for one test file: servers with sign-in, closed after each test. */
export function siwxServerStarter() {
  const servers: TestServer[] = []
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()))
  })
  return async (options: LatchkeyServerOptions = siwxServerOptions) => {
    const server = await startTestServer(options)
    servers.push(server)
    return server
  }
}

/** GET `base`/session with `headers` (a cookie or a bearer). */
export async function getSiwxSession(
  server: TestServer,
  headers: Record<string, string>,
  base = '/v1/siwx',
) {
  const response = await fetch(`${server.url}${base}/session`, { headers })
  return { status: response.status, body: (await response.json()) as { session: unknown } }
}
