import { afterEach, describe, expect, test } from 'vitest'
import { OriginNotAllowedError } from '../../src/errors/OriginNotAllowedError'
import { SiwxVerificationError } from '../../src/errors/SiwxVerificationError'
import { createServerSiwxAdapter } from '../../src/siwx/createServerSiwxAdapter'
import { alice, bob, siwxServerOptions } from '../../test/harness/signIn.fixture'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'

// The client adapter of src/siwx against the real endpoints (Node fetch, real SQLite file).

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function setup(
  origin = { domain: 'dapp.test', uri: 'https://dapp.test/' },
  options: Partial<Parameters<typeof startTestServer>[0]> = {},
) {
  server = await startTestServer({ ...siwxServerOptions, now: Date.now, ...options })
  const adapter = createServerSiwxAdapter({
    baseUrl: `${server.url}/v1`,
    credentials: 'bearer',
    statement: 'Sign in to the dapp.',
    getOrigin: () => origin,
  })
  return adapter
}

/** Signs a fresh message for `chainId` and sends it; resolves with what `addSession` threw. */
async function refusal(adapter: Awaited<ReturnType<typeof setup>>, chainId = 'eip155:1') {
  const { data, message } = await adapter.createMessage({
    chainId: chainId as 'eip155:1',
    address: alice.address,
  })
  const signature = await alice.signMessage({ message })
  return adapter.addSession({ data, message, signature }).then(
    () => undefined,
    (error: unknown) => error,
  )
}

describe('createServerSiwxAdapter against /v1/siwx', () => {
  test('default: bearer mode: sign in, read the session, sign out', async () => {
    const adapter = await setup()
    const { address } = alice
    expect(await adapter.getSessions('eip155:1', address)).toEqual([])

    const { data, message } = await adapter.createMessage({ chainId: 'eip155:1', address })
    expect(data.nonce).toMatch(/^[A-Za-z0-9]{22}$/)
    const signature = await alice.signMessage({ message })
    await adapter.addSession({ data, message, signature })

    const sessions = await adapter.getSessions('eip155:1', address.toLowerCase())
    expect(sessions).toHaveLength(1)
    expect(sessions[0]?.message).toBe(message)
    expect(sessions[0]?.data.statement).toBe('Sign in to the dapp.')
    expect(await adapter.getSessions('eip155:1', bob.address)).toEqual([])
    expect(await adapter.getSessions('eip155:56', address)).toEqual([])

    await adapter.revokeSession('eip155:1', address)
    expect(await adapter.getSessions('eip155:1', address)).toEqual([])
  })

  test('behavior: a replayed session is refused by the server', async () => {
    const adapter = await setup()
    const { data, message } = await adapter.createMessage({
      chainId: 'eip155:1',
      address: alice.address,
    })
    const session = { data, message, signature: await alice.signMessage({ message }) }
    await adapter.addSession(session)
    const replay = await adapter.addSession(session).catch((error: unknown) => error)
    expect(replay).toBeInstanceOf(SiwxVerificationError)
    expect((replay as SiwxVerificationError).reason).toBe('UNKNOWN_NONCE')
    expect((replay as SiwxVerificationError).details).toContain('HTTP 401')
  })

  test('behavior: a bad signature is refused and stores nothing', async () => {
    const adapter = await setup()
    const { data, message } = await adapter.createMessage({
      chainId: 'eip155:1',
      address: alice.address,
    })
    const error = await adapter
      .addSession({ data, message, signature: await bob.signMessage({ message }) })
      .catch((error: unknown) => error)
    expect((error as SiwxVerificationError).reason).toBe('INVALID_SIGNATURE')
    expect(await adapter.getSessions('eip155:1', alice.address)).toEqual([])
  })

  test('error: a URI the server does not expect comes back as URI_MISMATCH with its message', async () => {
    // The page's address is on another host than the domain the server signs in for.
    const adapter = await setup({ domain: 'dapp.test', uri: 'https://elsewhere.test/' })
    const error = await refusal(adapter)
    expect(error).toBeInstanceOf(SiwxVerificationError)
    expect(error).toMatchObject({
      name: 'SiwxVerificationError',
      reason: 'URI_MISMATCH',
      shortMessage: 'Sign-in rejected: URI_MISMATCH.',
    })
    expect(await adapter.getSessions('eip155:1', alice.address)).toEqual([])
  })

  test('error: a chain the server does not allow comes back as CHAIN_NOT_ALLOWED', async () => {
    const adapter = await setup()
    const error = await refusal(adapter, 'eip155:56')
    expect(error).toBeInstanceOf(SiwxVerificationError)
    expect(error).toMatchObject({
      name: 'SiwxVerificationError',
      reason: 'CHAIN_NOT_ALLOWED',
      shortMessage: 'Sign-in rejected: CHAIN_NOT_ALLOWED.',
    })
  })

  test('error: another error answer keeps the server’s class and message', async () => {
    // An origin the project does not allow: the server refuses before anything else.
    server = await startTestServer({ ...siwxServerOptions, now: Date.now })
    const adapter = createServerSiwxAdapter({
      baseUrl: `${server.url}/v1`,
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...init?.headers, origin: 'https://evil.test' } }),
    })
    const error = await adapter.getNonce({ chainId: 'eip155:1', address: alice.address }).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(error).toBeInstanceOf(OriginNotAllowedError)
    expect(error).toMatchObject({ name: 'OriginNotAllowedError' })
    expect((error as OriginNotAllowedError).shortMessage).toBe('Unauthorized: origin not allowed')
  })
})
