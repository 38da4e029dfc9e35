import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AnvilNode, startAnvil } from '../../test/harness/anvil'
import { fakeUniversalResolverCreationCode } from '../../test/harness/contracts/fakeUniversalResolver'
import { anvilAccounts, createTokenDeployer } from '../../test/harness/deployTokens'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'
import { createAccountDataClient } from './createAccountDataClient'

// Name lookups of the account data client against a real Latchkey server whose chain (a real
// anvil) has a universal resolver stand-in: what the send form gets for a receiver's name.
const chainId = 31337
const alice = (anvilAccounts[1] as (typeof anvilAccounts)[number]).address.toLowerCase()

let anvil: AnvilNode
let server: TestServer
let unsafe: TestServer

beforeAll(async () => {
  anvil = await startAnvil({ chainId })
  const tokens = createTokenDeployer(anvil.rpcUrl, chainId)
  const resolver = await tokens.deployCode(
    fakeUniversalResolverCreationCode({
      name: 'alice.eth',
      address: alice as `0x${string}`,
      avatar: 'https://images.test/alice.png',
    }),
  )
  const plainHttp = await tokens.deployCode(
    fakeUniversalResolverCreationCode({
      name: 'alice.eth',
      address: alice as `0x${string}`,
      avatar: 'http://images.test/alice.png',
    }),
  )
  const serve = (ensUniversalResolver: `0x${string}`) =>
    startTestServer({
      chains: { [chainId]: anvil.rpcUrl },
      chainData: { chains: { [chainId]: { ensUniversalResolver } } },
    })
  ;[server, unsafe] = await Promise.all([serve(resolver), serve(plainHttp)])
}, 120_000)

afterAll(async () => {
  await server?.close()
  await unsafe?.close()
  await anvil?.stop()
})

describe('resolveName', () => {
  test('default: a name gives its address and its avatar', async () => {
    const client = createAccountDataClient({ url: server.url })
    expect(await client.resolveName({ name: 'Alice.eth', chainId })).toEqual({
      supported: true,
      name: 'alice.eth',
      address: alice,
      avatar: 'https://images.test/alice.png',
    })
  })

  test('behavior: an avatar record that is not https is no avatar, the address still resolves', async () => {
    const client = createAccountDataClient({ url: unsafe.url })
    expect(await client.resolveName({ name: 'alice.eth', chainId })).toEqual({
      supported: true,
      name: 'alice.eth',
      address: alice,
      avatar: null,
    })
  })

  test('behavior: an avatar a server answers that is not an image URL is dropped by the client too', async () => {
    // a compatible server the host points at may answer anything: the client checks the avatar
    // itself (a fault the real server cannot be made to give)
    const answer = (avatar: string) =>
      createAccountDataClient({
        url: 'https://names.test',
        fetch: async () =>
          Response.json({ supported: true, name: 'alice.eth', address: alice, avatar }),
      }).resolveName({ name: 'alice.eth', chainId })
    expect(await answer('javascript:alert(1)')).toMatchObject({ address: alice, avatar: null })
    expect(await answer('https://images.test/a.png')).toMatchObject({
      avatar: 'https://images.test/a.png',
    })
  })
})
