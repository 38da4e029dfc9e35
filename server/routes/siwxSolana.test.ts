import { describe, expect, test } from 'vitest'
import type { SiwxMessage } from '../../src/siwx/types'
import { solanaClusters } from '../../src/solana/solanaClusters'
import {
  alice,
  getSiwxSession,
  signedMessage,
  siwxServerOptions,
  siwxServerStarter,
  verify,
} from '../../test/harness/signIn.fixture'
import { createSolanaSigner } from '../../test/harness/solanaSigner'
import type { TestServer } from '../../test/harness/startTestServer'
import type { LatchkeyServerOptions } from '../options'

const start = siwxServerStarter()
const solanaAlice = createSolanaSigner(1)
const solanaBob = createSolanaSigner(2)
const mainnet = solanaClusters.mainnet.caipNetworkId as SiwxMessage['chainId']

/** Sign-in for dapp.test on eip155 chain 1 and on Solana mainnet and devnet. */
const options = {
  ...siwxServerOptions,
  siwx: { '*': { domains: ['dapp.test'], chainIds: [1], solanaClusters: ['mainnet', 'devnet'] } },
}

/** A message of Solana Alice's, signed by `signer` (Alice by default), on `fields.chainId` or mainnet. */
function signedSolanaMessage(
  server: TestServer,
  {
    fields = {},
    signer = solanaAlice,
  }: { fields?: Partial<SiwxMessage>; signer?: typeof solanaAlice } = {},
) {
  return signedMessage(server, {
    fields: { accountAddress: solanaAlice.address, chainId: mainnet, ...fields },
    signer,
  })
}

describe('/v1/siwx with Solana accounts', () => {
  test('default: nonce → Ed25519 signature (base58) → verify → session → signout', async () => {
    const server = await start(options)
    const signed = await signedSolanaMessage(server)
    expect(signed.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    const verified = await verify(server, signed)
    expect(verified.status).toBe(200)
    expect(verified.body.session).toEqual({
      data: expect.objectContaining({ accountAddress: solanaAlice.address, chainId: mainnet }),
      message: signed.message,
      signature: signed.signature,
    })
    const bearer = { authorization: `Bearer ${verified.body.token}` }
    expect(await getSiwxSession(server, bearer)).toEqual({
      status: 200,
      body: { session: verified.body.session },
    })
    expect((await server.post('/v1/siwx/signout', {}, verified.body.token)).status).toBe(200)
    expect((await getSiwxSession(server, bearer)).body.session).toBeNull()
    // The same server still signs in Ethereum accounts.
    const ethereum = await verify(server, await signedMessage(server))
    expect(ethereum.body.session?.data.accountAddress).toBe(alice.address)
  })

  test('behavior: a devnet message is accepted; testnet, not listed, is CHAIN_NOT_ALLOWED', async () => {
    const server = await start(options)
    const devnet = await signedSolanaMessage(server, {
      fields: { chainId: solanaClusters.devnet.caipNetworkId as SiwxMessage['chainId'] },
    })
    expect((await verify(server, devnet)).status).toBe(200)
    const testnet = await signedSolanaMessage(server, {
      fields: { chainId: solanaClusters.testnet.caipNetworkId as SiwxMessage['chainId'] },
    })
    expect((await verify(server, testnet)).body.error?.code).toBe('CHAIN_NOT_ALLOWED')
  })

  test('behavior: a server whose options name no Solana cluster refuses Solana sign-in', async () => {
    const server = await start()
    const answer = await verify(server, await signedSolanaMessage(server))
    expect(answer.status).toBe(401)
    expect(answer.body.error).toEqual({
      name: 'SiwxVerificationError',
      message: 'Sign-in rejected: CHAIN_NOT_ALLOWED.',
      code: 'CHAIN_NOT_ALLOWED',
    })
  })

  test('behavior: another key, a changed message or a short signature is INVALID_SIGNATURE; no session starts', async () => {
    const server = await start(options)
    const byBob = await verify(server, await signedSolanaMessage(server, { signer: solanaBob }))
    const signed = await signedSolanaMessage(server)
    const changed = await verify(server, {
      ...signed,
      message: signed.message.replace('https://dapp.test/login', 'https://dapp.test/logon'),
    })
    const short = await verify(server, { ...signed, signature: signed.signature.slice(0, 40) })
    for (const answer of [byBob, changed, short]) {
      expect(answer.status).toBe(401)
      expect(answer.body.error?.code).toBe('INVALID_SIGNATURE')
      expect(answer.body.token).toBeUndefined()
      expect(answer.headers.get('set-cookie')).toBeNull()
    }
    // The refusals did not spend the nonce.
    expect((await verify(server, signed)).status).toBe(200)
  })

  test('behavior: a replayed message is rejected (UNKNOWN_NONCE)', async () => {
    const server = await start(options)
    const signed = await signedSolanaMessage(server)
    expect((await verify(server, signed)).status).toBe(200)
    expect((await verify(server, signed)).body.error?.code).toBe('UNKNOWN_NONCE')
  })

  test('behavior: solanaClusters are validated at start', async () => {
    for (const clusters of [['mainnet-beta'], ['5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], []])
      await expect(
        start({
          siwx: { '*': { domains: ['dapp.test'], solanaClusters: clusters } },
        } as unknown as LatchkeyServerOptions),
        String(clusters),
      ).rejects.toMatchObject({ name: 'OptionsValidationError' })
  })
})
