import {
  type Address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import { type SolanaRpc, startSolanaRpc } from '../solana/startSolanaRpc'
import { buildSolanaTestWalletScript } from '../solana/testWallet/buildSolanaTestWallet'
import { startBlankPage } from '../solana/testWallet/startBlankPage'

const SOL = 1_000_000_000n

let solana: SolanaRpc
let blank: Awaited<ReturnType<typeof startBlankPage>>
let walletScript: string
let browser: TestBrowser
let page: Page

beforeAll(async () => {
  ;[solana, blank, walletScript] = await Promise.all([
    startSolanaRpc({ slotMs: 50 }),
    startBlankPage(),
    buildSolanaTestWalletScript(),
  ])
})
afterAll(async () => {
  await Promise.all([solana?.stop(), blank?.stop()])
})
beforeEach(async () => {
  browser = await launchBrowser({ wallet: false })
  await browser.context.addInitScript({
    content: `window.__latchkeySolanaTestWallet = { rpcUrl: ${JSON.stringify(solana.url)} }`,
  })
  await browser.context.addInitScript({ content: walletScript })
  page = await browser.newPage()
  await page.goto(blank.url)
})
afterEach(async () => {
  const errors = browser.pageErrors()
  const off = browser.offLoopback()
  await browser.close()
  expect(errors).toEqual([])
  expect(off).toEqual([])
})

/** The app side of Wallet Standard, as `@wallet-standard/app`'s getWallets does it. */
async function discover(page: Page) {
  return page.evaluate(() => {
    type Registered = {
      name: string
      version: string
      chains: string[]
      features: Record<string, unknown>
    }
    const found: Registered[] = []
    const api = {
      register: (...wallets: Registered[]) => {
        found.push(...wallets)
        return () => undefined
      },
    }
    ;(window as unknown as { __found: Registered[] }).__found = found
    window.addEventListener('wallet-standard:register-wallet', (event) => {
      ;(event as CustomEvent<(registry: typeof api) => void>).detail(api)
    })
    window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
    return found.map((wallet) => ({
      name: wallet.name,
      version: wallet.version,
      chains: wallet.chains,
      features: Object.keys(wallet.features).sort(),
    }))
  })
}

/** Calls a feature method of the first discovered wallet with its connected account. */
async function callWallet(
  page: Page,
  feature: string,
  method: string,
  input: Record<string, unknown>,
) {
  return page.evaluate(
    async ({ feature, method, input }) => {
      type Wallet = {
        accounts: unknown[]
        features: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>
      }
      const wallet = (window as unknown as { __found: Wallet[] }).__found[0] as Wallet
      const bytes = (value: unknown) =>
        Array.isArray(value) ? new Uint8Array(value as number[]) : value
      const prepared = Object.fromEntries(
        Object.entries(input).map(([key, value]) => [key, bytes(value)]),
      )
      try {
        const call = wallet.features[feature]?.[method] as (...args: unknown[]) => Promise<unknown>
        const [result] = (await call({ account: wallet.accounts[0], ...prepared })) as Record<
          string,
          unknown
        >[]
        return {
          ok: Object.fromEntries(
            Object.entries(result ?? {}).map(([key, value]) => [
              key,
              value instanceof Uint8Array ? Array.from(value) : value,
            ]),
          ),
        }
      } catch (error) {
        const { code, message } = error as { code?: number; message?: string }
        return { error: { code, message } }
      }
    },
    { feature, method, input },
  )
}

async function connect(page: Page): Promise<string> {
  return page.evaluate(async () => {
    type Wallet = {
      features: Record<string, { connect: () => Promise<{ accounts: { address: string }[] }> }>
    }
    const wallet = (window as unknown as { __found: Wallet[] }).__found[0] as Wallet
    const { accounts } = await (
      wallet.features['standard:connect'] as {
        connect: () => Promise<{ accounts: { address: string }[] }>
      }
    ).connect()
    return accounts[0]?.address ?? ''
  })
}

async function unsignedTransfer(from: Address, to: Address, amount: bigint) {
  const rpc = createSolanaRpc(solana.url)
  const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: { address: from } as never, destination: to, amount }),
        m,
      ),
  )
  return Array.from(getTransactionEncoder().encode(compileTransaction(message)))
}

async function confirmed(signature: string) {
  const rpc = createSolanaRpc(solana.url)
  for (let i = 0; i < 100; i++) {
    const [status] = (await rpc.getSignatureStatuses([signature as never]).send()).value
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
      return status
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${signature} was not confirmed`)
}

describe('Solana test wallet (Wallet Standard, in Chromium)', () => {
  test('default: registers on app-ready, connects, signs a message that verifies in Node', async () => {
    const wallets = await discover(page)
    expect(wallets).toEqual([
      {
        name: 'Latchkey Solana Test Wallet',
        version: '1.0.0',
        chains: ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'],
        features: [
          'solana:signAndSendTransaction',
          'solana:signMessage',
          'solana:signTransaction',
          'standard:connect',
          'standard:disconnect',
          'standard:events',
        ],
      },
    ])
    const address = await connect(page)
    expect(address).toBe(
      await page.evaluate(() => window.__latchkeySolanaTestWalletControl?.address()),
    )

    const message = Array.from(new TextEncoder().encode('Sign in to Latchkey on 127.0.0.1'))
    const signed = await callWallet(page, 'solana:signMessage', 'signMessage', { message })
    expect(signed.ok?.signatureType).toBe('ed25519')
    const signature = new Uint8Array(signed.ok?.signature as number[]) as SignatureBytes
    const key = await getPublicKeyFromAddress(address as Address)
    expect(await verifySignature(key, signature, new Uint8Array(message))).toBe(true)
    const tampered = new Uint8Array(message)
    tampered[0] = (tampered[0] ?? 0) ^ 1
    expect(await verifySignature(key, signature, tampered)).toBe(false)
  })

  test('behavior: signs and sends a SOL transfer to the loopback RPC; both balances change', async () => {
    await discover(page)
    const address = (await connect(page)) as Address
    await solana.airdrop(address, 2n * SOL)
    const { address: recipient } = await generateKeyPairSigner()
    const transaction = await unsignedTransfer(address, recipient, SOL / 4n)

    const sent = await callWallet(page, 'solana:signAndSendTransaction', 'signAndSendTransaction', {
      transaction,
      chain: 'solana:localnet',
      options: { preflightCommitment: 'confirmed' },
    })
    const signature = getBase58Decoder().decode(new Uint8Array(sent.ok?.signature as number[]))
    expect((await confirmed(signature)).err).toBeNull()
    const rpc = createSolanaRpc(solana.url)
    expect((await rpc.getBalance(recipient, { commitment: 'confirmed' }).send()).value).toBe(
      SOL / 4n,
    )
    expect((await rpc.getBalance(address, { commitment: 'confirmed' }).send()).value).toBe(
      2n * SOL - SOL / 4n - 5000n,
    )
  })

  test('behavior: signTransaction returns a transaction signed by the account, which the RPC accepts', async () => {
    await discover(page)
    const address = (await connect(page)) as Address
    await solana.airdrop(address, SOL)
    const { address: recipient } = await generateKeyPairSigner()
    const transaction = await unsignedTransfer(address, recipient, 1_000_000n)
    const signed = await callWallet(page, 'solana:signTransaction', 'signTransaction', {
      transaction,
    })
    const decoded = getTransactionDecoder().decode(
      new Uint8Array(signed.ok?.signedTransaction as number[]),
    )
    const signature = decoded.signatures[address] as SignatureBytes
    const key = await getPublicKeyFromAddress(address)
    expect(await verifySignature(key, signature, decoded.messageBytes)).toBe(true)
    const rpc = createSolanaRpc(solana.url)
    const sent = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(decoded), {
        encoding: 'base64',
        preflightCommitment: 'confirmed',
      })
      .send()
    expect((await confirmed(sent)).err).toBeNull()
    expect((await rpc.getBalance(recipient, { commitment: 'confirmed' }).send()).value).toBe(
      1_000_000n,
    )
  })

  test('error: the rejection switch answers 4001 and the failure switch -32603; nothing is sent', async () => {
    await discover(page)
    const address = (await connect(page)) as Address
    await solana.airdrop(address, SOL)
    const { address: recipient } = await generateKeyPairSigner()

    await page.evaluate(() => {
      window.__latchkeySolanaTestWallet = {
        ...window.__latchkeySolanaTestWallet,
        faults: { signMessage: 'reject', signAndSendTransaction: 'fail' },
      }
    })
    const message = Array.from(new TextEncoder().encode('hello'))
    expect(await callWallet(page, 'solana:signMessage', 'signMessage', { message })).toEqual({
      error: { code: 4001, message: 'User rejected the request.' },
    })
    const transaction = await unsignedTransfer(address, recipient, 1_000_000n)
    const failed = await callWallet(
      page,
      'solana:signAndSendTransaction',
      'signAndSendTransaction',
      {
        transaction,
        chain: 'solana:localnet',
      },
    )
    expect(failed.error?.code).toBe(-32603)
    const rpc = createSolanaRpc(solana.url)
    expect((await rpc.getBalance(recipient, { commitment: 'processed' }).send()).value).toBe(0n)
    expect((await rpc.getBalance(address, { commitment: 'processed' }).send()).value).toBe(SOL)
  })

  test("error: a transfer beyond the balance comes back with the RPC's preflight error", async () => {
    await discover(page)
    const address = (await connect(page)) as Address
    await solana.airdrop(address, SOL)
    const { address: recipient } = await generateKeyPairSigner()
    const transaction = await unsignedTransfer(address, recipient, 3n * SOL)
    const refused = await callWallet(
      page,
      'solana:signAndSendTransaction',
      'signAndSendTransaction',
      {
        transaction,
        chain: 'solana:localnet',
        options: { preflightCommitment: 'confirmed' },
      },
    )
    expect(refused.error).toEqual({
      code: -32002,
      message:
        'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    })
  })

  test('behavior: a wallet injected after the app is ready registers through the register-wallet event', async () => {
    expect(await discover(page)).toHaveLength(1)
    await page.addScriptTag({ content: walletScript })
    const names = await page.evaluate(() =>
      (window as unknown as { __found: { name: string }[] }).__found.map((wallet) => wallet.name),
    )
    expect(names).toEqual(['Latchkey Solana Test Wallet', 'Latchkey Solana Test Wallet'])
  })

  test('behavior: after a reload the same key reconnects silently; a user rejection of connect is 4001', async () => {
    await discover(page)
    const address = await connect(page)
    await page.reload()
    await discover(page)
    const silent = await page.evaluate(async () => {
      type Connect = {
        connect: (input: { silent: boolean }) => Promise<{ accounts: { address: string }[] }>
      }
      const wallet = (window as unknown as { __found: { features: Record<string, Connect> }[] })
        .__found[0] as { features: Record<string, Connect> }
      const { accounts } = await (wallet.features['standard:connect'] as Connect).connect({
        silent: true,
      })
      return accounts.map((account) => account.address)
    })
    expect(silent).toEqual([address])

    await page.evaluate(() => window.__latchkeySolanaTestWalletControl?.lock())
    await page.evaluate(() => {
      window.__latchkeySolanaTestWallet = {
        ...window.__latchkeySolanaTestWallet,
        faults: { connect: 'reject' },
      }
    })
    const rejected = await page.evaluate(async () => {
      type Connect = { connect: () => Promise<unknown> }
      const wallet = (window as unknown as { __found: { features: Record<string, Connect> }[] })
        .__found[0] as { features: Record<string, Connect> }
      return (wallet.features['standard:connect'] as Connect).connect().then(
        () => 'connected',
        (error: { code?: number; message?: string }) => ({
          code: error.code,
          message: error.message,
        }),
      )
    })
    expect(rejected).toEqual({ code: 4001, message: 'User rejected the request.' })
  })
})
