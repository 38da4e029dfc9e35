import {
  type Address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getPublicKeyFromAddress,
  getSignatureFromTransaction,
  getTransactionEncoder,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { getWallets } from '@wallet-standard/app'
import { UserRejectedRequestError } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { ChainRequestFailedError } from '../../src/errors/ChainRequestFailedError'
import { SolanaConfirmationTimeoutError } from '../../src/errors/SolanaConfirmationTimeoutError'
import { SolanaTransactionFailedError } from '../../src/errors/SolanaTransactionFailedError'
import { funded, SOL, sleep } from '../../test/solana/solanaRpc.fixture'
import { type SolanaRpc, startSolanaRpc } from '../../test/solana/startSolanaRpc'
import {
  createSolanaTestWallet,
  type SolanaTestWalletConfig,
} from '../../test/solana/testWallet/createSolanaTestWallet'
import { TOKEN_2022_PROGRAM_ADDRESS } from '../../test/solana/tokens'
import { signedTransfer } from '../../test/solana/transfer.fixture'
import { createSolanaAdapter } from './createSolanaAdapter'
import type { StandardWallet } from './walletStandardTypes'

// The adapter against the real parts in Node: the Wallet Standard test wallet (Ed25519 in
// WebCrypto; `window` and `localStorage` stand in for the page's) registered in the real
// `@wallet-standard/app` registry, and the litesvm-backed RPC on loopback.
const walletName = 'Latchkey Solana Test Wallet'

function memoryStorage() {
  const values = new Map<string, string>()
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  }
}

let solana: SolanaRpc
const registry = getWallets() // before `window` exists: no page events in Node
const page = globalThis as unknown as {
  window?: { __latchkeySolanaTestWallet?: SolanaTestWalletConfig }
  localStorage?: unknown
}
let wallet: ReturnType<typeof createSolanaTestWallet>
let unregister: () => void
let storage: ReturnType<typeof memoryStorage>

/** A page load: a new wallet instance in the page (same authorization storage). */
function loadWallet(faults: Record<string, string> = {}) {
  unregister?.()
  page.window = { __latchkeySolanaTestWallet: { rpcUrl: solana.url, faults } }
  wallet = createSolanaTestWallet()
  unregister = registry.register(wallet.wallet as never)
}

const adapter = (extra: Parameters<typeof createSolanaAdapter>[0] = {}) =>
  createSolanaAdapter({
    clusters: [{ id: 'localnet', rpcUrl: solana.url }, 'devnet'],
    storage,
    reconnectTimeoutMs: 200,
    ...extra,
  })

beforeAll(async () => {
  solana = await startSolanaRpc({ slotMs: 50 })
})
afterAll(async () => {
  unregister?.()
  await solana?.stop()
  delete page.window
  delete page.localStorage
})
beforeEach(() => {
  storage = memoryStorage()
  page.localStorage = memoryStorage() // the wallet's own record of authorized pages
  loadWallet()
})
afterEach(() => unregister?.())

describe('createSolanaAdapter', () => {
  test('default: connect gives the wallet account, the store and storage follow', async () => {
    const solanaAdapter = adapter()
    const { address } = await solanaAdapter.connect({ wallet: walletName })
    expect(address).toBe(await wallet.control.address())
    expect(solanaAdapter.getState()).toMatchObject({
      status: 'connected',
      wallet: walletName,
      address,
      cluster: 'localnet',
    })
    expect(storage.values.get('latchkey.solana.wallet')).toBe(JSON.stringify(walletName))
  })

  test('behavior: lists the test wallet as Installed', async () => {
    const solanaAdapter = adapter({ wallets: [{ name: 'Phantom' }] })
    const seen = await new Promise<readonly { name: string; readyState: string }[]>((resolve) => {
      const off = solanaAdapter.watchWallets((wallets) => {
        off()
        resolve(wallets)
      })
    })
    expect(seen.map(({ name, readyState }) => [name, readyState])).toEqual([
      [walletName, 'Installed'],
      ['Phantom', 'NotDetected'],
    ])
  })

  test('behavior: after a reload, reconnect is silent and lands on the same wallet and cluster', async () => {
    const before = adapter()
    await before.connect({ wallet: walletName })
    before.switchCluster({ cluster: 'devnet' })
    loadWallet()
    const after = adapter()
    expect(after.getState().status).toBe('disconnected')
    const statuses: string[] = []
    after.subscribe((state) => statuses.push(state.status))
    await after.reconnect()
    expect(after.getState()).toMatchObject({
      status: 'connected',
      wallet: walletName,
      address: await wallet.control.address(),
      cluster: 'devnet',
    })
    expect(statuses).toEqual(['disconnected', 'reconnecting', 'connected'])
    // No prompt: the wallet saw no interactive connect after the reload.
    expect(wallet.control.calls()).toEqual([])
  })

  test('behavior: a cluster switched to with no wallet connected is restored after a reload', async () => {
    adapter().switchCluster({ cluster: 'devnet' })
    await expect.poll(() => storage.values.get('latchkey.solana.cluster')).toBe('"devnet"')
    const after = adapter()
    await after.reconnect()
    expect(after.getState()).toMatchObject({ status: 'disconnected', cluster: 'devnet' })
  })

  test('behavior: a storage that throws on reads leaves reconnect with nothing to restore', async () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError: storage is blocked')
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    }
    const after = adapter({ storage: blocked })
    await expect(after.reconnect()).resolves.toBe(undefined)
    expect(after.getState()).toMatchObject({ status: 'disconnected', cluster: 'localnet' })
  })

  test('behavior: no reconnect after a disconnect', async () => {
    const before = adapter()
    await before.connect({ wallet: walletName })
    await before.disconnect()
    expect(before.getState().status).toBe('disconnected')
    loadWallet()
    const after = adapter()
    await after.reconnect()
    expect(after.getState().status).toBe('disconnected')
  })

  test('behavior: a wallet locked before the reload is forgotten, not prompted', async () => {
    await adapter().connect({ wallet: walletName })
    wallet.control.lock()
    loadWallet()
    const after = adapter()
    await after.reconnect()
    expect(after.getState()).toMatchObject({ status: 'disconnected', error: undefined })
    expect(storage.values.has('latchkey.solana.wallet')).toBe(false)
    expect(wallet.control.calls()).toEqual([])
  })

  test('behavior: a remembered wallet that never registers leaves the adapter disconnected', async () => {
    await adapter().connect({ wallet: walletName })
    unregister()
    const after = adapter()
    await after.reconnect()
    expect(after.getState()).toMatchObject({ status: 'disconnected', error: undefined })
  })

  test('behavior: locking in the wallet disconnects', async () => {
    const solanaAdapter = adapter()
    await solanaAdapter.connect({ wallet: walletName })
    wallet.control.lock()
    expect(solanaAdapter.getState()).toMatchObject({ status: 'disconnected', address: undefined })
    expect(storage.values.has('latchkey.solana.wallet')).toBe(false)
  })

  test('behavior: a declined connect is a UserRejectedRequestError, kept in the state', async () => {
    loadWallet({ connect: 'reject' })
    const solanaAdapter = adapter()
    const error = await solanaAdapter.connect({ wallet: walletName }).catch((caught) => caught)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error.name).toBe('UserRejectedRequestError')
    expect(error.code).toBe(4001)
    expect(solanaAdapter.getState()).toMatchObject({ status: 'disconnected', error })
  })

  test("behavior: a declined signature is viem's UserRejectedRequestError, a failing wallet a SolanaWalletRequestError", async () => {
    const solanaAdapter = adapter()
    await solanaAdapter.connect({ wallet: walletName })
    const config = page.window?.__latchkeySolanaTestWallet as SolanaTestWalletConfig
    config.faults = { signMessage: 'reject' }
    const declined = await solanaAdapter.signMessage({ message: 'hi' }).catch((caught) => caught)
    expect(declined).toBeInstanceOf(UserRejectedRequestError)
    expect(declined.code).toBe(4001)
    config.faults = { signMessage: 'fail' }
    const failed = await solanaAdapter.signMessage({ message: 'hi' }).catch((caught) => caught)
    expect(failed.name).toBe('SolanaWalletRequestError')
    expect(solanaAdapter.getState().status).toBe('connected')
  })

  test('behavior: unknown wallets and requests without a connection are typed errors', async () => {
    const solanaAdapter = adapter()
    await expect(solanaAdapter.connect({ wallet: 'Phantom' })).rejects.toThrow(
      'Solana wallet "Phantom" is not installed.',
    )
    await expect(solanaAdapter.signMessage({ message: 'hi' })).rejects.toThrow(
      'No Solana wallet is connected.',
    )
    await expect(solanaAdapter.getBalance()).rejects.toThrow('No Solana wallet is connected.')
    expect(() => solanaAdapter.switchCluster({ cluster: 'mainnet' })).toThrow(
      'Solana cluster "mainnet" is invalid: it is not in clusters.',
    )
  })

  test('behavior: signMessage gives an Ed25519 signature the account verifies', async () => {
    const solanaAdapter = adapter()
    const { address } = await solanaAdapter.connect({ wallet: walletName })
    const { signature, signedMessage } = await solanaAdapter.signMessage({
      message: 'Hello, Solana',
    })
    expect(new TextDecoder().decode(signedMessage)).toBe('Hello, Solana')
    const key = await getPublicKeyFromAddress(address as Address)
    expect(await verifySignature(key, signature as SignatureBytes, signedMessage)).toBe(true)
    expect(await verifySignature(key, signature as SignatureBytes, new Uint8Array([1]))).toBe(false)
  })

  test('behavior: balance from the cluster, then a send through the wallet moves it', async () => {
    const solanaAdapter = adapter()
    const { address } = await solanaAdapter.connect({ wallet: walletName })
    await solana.airdrop(address as Address, 2n * SOL)
    const receiver = await funded(solana, SOL)
    expect(await solanaAdapter.getBalance()).toBe(2n * SOL)
    const { blockhash, lastValidBlockHeight } = await solanaAdapter.getLatestBlockhash()
    const transfer = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (message) => setTransactionMessageFeePayer(address as Address, message),
        (message) =>
          setTransactionMessageLifetimeUsingBlockhash(
            { blockhash: blockhash as never, lastValidBlockHeight },
            message,
          ),
        (message) =>
          appendTransactionMessageInstruction(
            getTransferSolInstruction({
              source: { address: address as Address } as never,
              destination: receiver.address,
              amount: SOL / 4n,
            }),
            message,
          ),
      ),
    )
    const signature = await solanaAdapter.signAndSendTransaction({
      transaction: new Uint8Array(getTransactionEncoder().encode(transfer)),
    })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(await solanaAdapter.getBalance()).toBe(2n * SOL - SOL / 4n - 5000n)
    expect(await solanaAdapter.getBalance({ address: receiver.address })).toBe(SOL + SOL / 4n)
    await expect(solanaAdapter.getBalance({ address: 'nope' })).rejects.toThrow(
      'Solana address "nope" is invalid.',
    )
  })

  test("behavior: SPL token balances from the cluster, each with its token program, named from the app's listing, listed first", async () => {
    const usd = await solana.createMint({ decimals: 6 })
    const meme = await solana.createMint({ decimals: 2, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS })
    const solanaAdapter = adapter({
      tokens: { localnet: [{ mint: usd.mint, symbol: 'USDL', name: 'Loopback Dollar' }] },
    })
    const { address } = await solanaAdapter.connect({ wallet: walletName })
    expect(await solanaAdapter.getTokenBalances()).toEqual([])
    await solana.mintSplToken({ ...meme, owner: address as Address, amount: 1234n })
    await solana.mintSplToken({ ...usd, owner: address as Address, amount: 2_500_000n })
    expect(await solanaAdapter.getTokenBalances()).toEqual([
      {
        mint: usd.mint,
        amount: 2_500_000n,
        decimals: 6,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
        symbol: 'USDL',
        name: 'Loopback Dollar',
      },
      {
        mint: meme.mint,
        amount: 1234n,
        decimals: 2,
        tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
        symbol: undefined,
        name: undefined,
      },
    ])
    const other = await funded(solana, SOL)
    expect(await solanaAdapter.getTokenBalances({ address: other.address })).toEqual([])
    await expect(solanaAdapter.getTokenBalances({ address: 'nope' })).rejects.toThrow(
      'Solana address "nope" is invalid.',
    )
  })

  test("behavior: getAccountInfo reads an account's owner, lamports and data, or null; getMinimumBalanceForRentExemption the cluster's rent", async () => {
    const solanaAdapter = adapter()
    // reads need no connected wallet: the address is given
    const nobody = await generateKeyPairSigner()
    expect(await solanaAdapter.getAccountInfo({ address: nobody.address })).toBeNull()
    const holder = await funded(solana, SOL)
    expect(await solanaAdapter.getAccountInfo({ address: holder.address })).toEqual({
      lamports: SOL,
      owner: '11111111111111111111111111111111',
      executable: false,
      data: new Uint8Array(0),
    })

    const usd = await solana.createMint({ decimals: 6 })
    const plain2022 = await solana.createMint({ tokenProgram: TOKEN_2022_PROGRAM_ADDRESS })
    const mint = await solanaAdapter.getAccountInfo({ address: usd.mint })
    expect(mint?.owner).toBe(TOKEN_PROGRAM_ADDRESS)
    const stored = solana.svm.getAccount(usd.mint)
    expect(mint?.data).toEqual(stored.exists ? new Uint8Array(stored.data) : undefined)
    expect(mint?.data.length).toBe(82)
    // the associated token accounts the programs make: 165 bytes, 170 under Token-2022
    const { tokenAccount } = await solana.mintSplToken({
      ...usd,
      owner: holder.address,
      amount: 1n,
    })
    const { tokenAccount: tokenAccount2022 } = await solana.mintSplToken({
      ...plain2022,
      owner: holder.address,
      amount: 1n,
    })
    const [ata] = await findAssociatedTokenPda({
      owner: holder.address,
      mint: usd.mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    expect(tokenAccount).toBe(ata)
    const account = await solanaAdapter.getAccountInfo({ address: tokenAccount })
    const account2022 = await solanaAdapter.getAccountInfo({ address: tokenAccount2022 })
    expect([account?.owner, account?.data.length]).toEqual([TOKEN_PROGRAM_ADDRESS, 165])
    expect([account2022?.owner, account2022?.data.length]).toEqual([
      TOKEN_2022_PROGRAM_ADDRESS,
      170,
    ])
    expect(account?.lamports).toBe(
      await solanaAdapter.getMinimumBalanceForRentExemption({ space: 165 }),
    )

    for (const space of [0, 165, 170, 10_000])
      expect(await solanaAdapter.getMinimumBalanceForRentExemption({ space })).toBe(
        solana.svm.minimumBalanceForRentExemption(BigInt(space)),
      )
    await expect(solanaAdapter.getAccountInfo({ address: 'nope' })).rejects.toThrow(
      'Solana address "nope" is invalid.',
    )
    await expect(solanaAdapter.getMinimumBalanceForRentExemption({ space: -1 })).rejects.toThrow(
      'space must be 0 to 10 MiB in bytes, got -1',
    )
  })

  test('behavior: a send the wallet signs for another chain than it supports is refused before the wallet', async () => {
    const solanaAdapter = createSolanaAdapter({
      clusters: [{ id: 'mine', rpcUrl: solana.url }],
      storage,
    })
    await solanaAdapter.connect({ wallet: walletName })
    await expect(
      solanaAdapter.signAndSendTransaction({ transaction: new Uint8Array([1]) }),
    ).rejects.toThrow('does not support solana:mine.')
    expect(wallet.control.calls()).toEqual(['connect'])
  })

  test('behavior: confirmTransaction answers once the transfer reaches the commitment, not before; a failed transfer and one never sent are typed errors', async () => {
    const manual = await startSolanaRpc({ slotMs: 0 })
    try {
      const rpc = createSolanaRpc(manual.url)
      const solanaAdapter = adapter({ clusters: [{ id: 'manual', rpcUrl: manual.url }] })
      const sender = await generateKeyPairSigner()
      await manual.airdrop(sender.address, SOL)
      const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'processed' }).send()
      const send = async (amount: bigint) => {
        const transaction = await signedTransfer(sender, sender.address, amount, lifetime)
        await rpc
          .sendTransaction(getBase64EncodedWireTransaction(transaction), {
            encoding: 'base64',
            skipPreflight: true,
          })
          .send()
        return getSignatureFromTransaction(transaction)
      }

      const signature = await send(1n)
      const confirmed = solanaAdapter.confirmTransaction({ signature, pollMs: 20 })
      // processed only: still waiting while the slot stands still
      const early = await Promise.race([
        confirmed.then(() => 'answered'),
        sleep(300).then(() => 'waiting'),
      ])
      expect(early).toBe('waiting')
      manual.advanceSlots(1)
      const answer = await confirmed
      expect(answer.commitment).toBe('confirmed')
      expect(answer.slot).toBeGreaterThan(0n)
      // processed is reached at once
      const second = await send(2n)
      await expect(
        solanaAdapter.confirmTransaction({ signature: second, commitment: 'processed' }),
      ).resolves.toMatchObject({ commitment: 'processed' })

      // more than the sender holds: the cluster executes it with an error, fee paid
      const failing = await send(10n * SOL)
      const failed = await solanaAdapter
        .confirmTransaction({ signature: failing, pollMs: 20 })
        .catch((error: unknown) => error)
      expect(failed).toBeInstanceOf(SolanaTransactionFailedError)
      expect((failed as SolanaTransactionFailedError).signature).toBe(failing)
      expect((failed as SolanaTransactionFailedError).err).not.toBeNull()

      // a transfer signed but never sent: the deadline, with the signature named
      const unknown = getSignatureFromTransaction(
        await signedTransfer(sender, sender.address, 3n, lifetime),
      )
      const started = performance.now()
      const timedOut = await solanaAdapter
        .confirmTransaction({ signature: unknown, timeoutMs: 300, pollMs: 50 })
        .catch((error: unknown) => error)
      expect(timedOut).toBeInstanceOf(SolanaConfirmationTimeoutError)
      expect((timedOut as SolanaConfirmationTimeoutError).signature).toBe(unknown)
      expect((timedOut as Error).message).toContain('was not confirmed within 0.3 s')
      expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    } finally {
      await manual.stop()
    }
  })

  test('behavior: confirmTransaction reads again through a node that fails for a moment, and names the last failure on the deadline', async () => {
    const solanaAdapter = adapter({ clusters: [{ id: 'down', rpcUrl: 'http://127.0.0.1:9/' }] })
    const timedOut = await solanaAdapter
      .confirmTransaction({ signature: '1'.repeat(64), timeoutMs: 200, pollMs: 20 })
      .catch((error: unknown) => error)
    expect(timedOut).toBeInstanceOf(SolanaConfirmationTimeoutError)
    expect((timedOut as Error).cause).toBeInstanceOf(ChainRequestFailedError)
  })
})

// Wallet objects are untrusted: the registry may hold anything.
test('behavior: a registered wallet without connect or signing is listed Unsupported and cannot connect', async () => {
  const broken = {
    name: 'Half Wallet',
    chains: ['solana:mainnet'],
    accounts: [],
    features: { 'standard:connect': { connect: async () => ({ accounts: [] }) } },
  } satisfies StandardWallet
  const off = registry.register(broken as never)
  try {
    const solanaAdapter = createSolanaAdapter({ storage: null })
    await new Promise<void>((resolve) => {
      const stop = solanaAdapter.watchWallets(() => {
        stop()
        resolve()
      })
    })
    expect(solanaAdapter.getWallets()).toContainEqual({
      name: 'Half Wallet',
      icon: undefined,
      readyState: 'Unsupported',
      chains: ['solana:mainnet'],
    })
    await expect(solanaAdapter.connect({ wallet: 'Half Wallet' })).rejects.toThrow(
      'does not support connecting.',
    )
  } finally {
    off()
  }
})
