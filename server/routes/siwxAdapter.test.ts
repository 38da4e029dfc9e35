import { afterEach, describe, expect, test } from 'vitest'
import { SiwxResponseError } from '../../src/errors/SiwxResponseError'
import { createServerSiwxAdapter } from '../../src/siwx/createServerSiwxAdapter'
import { alice, bob, siwxServerOptions } from '../siwx/signIn.fixture'
import { startTestServer, type TestServer } from '../testing/startTestServer'

// The client adapter of src/siwx against the real endpoints (Node fetch, real SQLite file).

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function setup() {
  server = await startTestServer({ ...siwxServerOptions, now: Date.now })
  const adapter = createServerSiwxAdapter({
    baseUrl: `${server.url}/v1`,
    credentials: 'bearer',
    statement: 'Sign in to the dapp.',
    getOrigin: () => ({ domain: 'dapp.test', uri: 'https://dapp.test/' }),
  })
  return adapter
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
    expect(replay).toBeInstanceOf(SiwxResponseError)
    expect((replay as SiwxResponseError).status).toBe(401)
    expect((replay as SiwxResponseError).details).toContain('UNKNOWN_NONCE')
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
    expect((error as SiwxResponseError).details).toContain('INVALID_SIGNATURE')
    expect(await adapter.getSessions('eip155:1', alice.address)).toEqual([])
  })
})
