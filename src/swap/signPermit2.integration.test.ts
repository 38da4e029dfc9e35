import { createWalletClient, http } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type AnvilNode, startAnvil } from '../../test/harness/anvil'
import { anvilAccounts } from '../../test/harness/deployTokens'
import { permit2Types } from './permit2Types'
import { signPermit2 } from './signPermit2'
import type { Permit2TypedData } from './swapTypes'

const [alice] = anvilAccounts as [PrivateKeyAccount]
let anvil: AnvilNode
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 })
})
afterAll(() => anvil?.stop())

const typedData: Permit2TypedData = {
  domain: {
    name: 'Permit2',
    chainId: 1,
    verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
  },
  types: permit2Types,
  primaryType: 'PermitTransferFrom',
  message: {
    permitted: { token: '0x00000000000000000000000000000000000000aa', amount: 10n ** 24n },
    spender: '0x00000000000000000000000000000000000000bb',
    nonce: 7n,
    deadline: 1_900_000_000n,
  },
}

test('behavior: a JSON-RPC wallet (eth_signTypedData_v4, anvil) signs what the local account signs', async () => {
  const local = await signPermit2(
    createWalletClient({ account: alice, transport: http(anvil.rpcUrl) }),
    alice,
    typedData,
  )
  // anvil holds the same key and signs eth_signTypedData_v4 for its unlocked accounts
  const remote = await signPermit2(
    createWalletClient({ transport: http(anvil.rpcUrl) }),
    alice.address,
    typedData,
  )
  expect(remote).toBe(local)
  expect(local).toBe(await alice.signTypedData(typedData))
})
