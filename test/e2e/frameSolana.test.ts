import {
  type Address,
  createSolanaRpc,
  getBase58Decoder,
  getBase58Encoder,
  getPublicKeyFromAddress,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import { SOL } from '../solana/solanaRpc.fixture'
import { type SolanaRpc, startSolanaRpc } from '../solana/startSolanaRpc'
import { solTransfer, unsignedTransaction } from '../solana/unsignedTransaction.fixture'
import {
  frameOf,
  hostRequest,
  hostState,
  loginByEmail,
  openHost,
  startRequest,
  waitForApproval,
  waitForResult,
} from './frameHostPage'
import { type FrameLab, startFrameLab } from './frameLab'

// Issue 13 in the three-site lab: a script on the dapp page asks the embedded wallet for Solana
// signatures; the frame shows the request, the visitor approves there, and what comes back is
// the user's ed25519 signature (checked with @solana/kit) or a transaction that lands on the
// litesvm cluster.

const recipient = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' as Address
const wait = { timeout: 10_000 }
const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)

describe('embedded wallet, Solana (third-party storage partitioned)', () => {
  let solana: SolanaRpc
  let lab: FrameLab
  let browser: TestBrowser

  beforeAll(async () => {
    solana = await startSolanaRpc({ slotMs: 0 })
    lab = await startFrameLab({ server: { solanaClusters: { localnet: solana.url } } })
    browser = await launchBrowser({
      wallet: false,
      args: [...lab.browserArgs, '--disable-features=TrackingProtection3pcd'],
    })
  })
  afterAll(async () => {
    await browser?.close()
    await lab?.close()
    await solana?.stop()
  })

  async function signedIn(name: string) {
    const page = await browser.newPage()
    await openHost(page, lab.hostUrl)
    // A fresh address per attempt: a retried test logs in as someone new.
    const email = `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`
    const user = await loginByEmail(page, lab.server.sink, email)
    const account = (user as { value: { solana?: { address: Address } } }).value.solana?.address
    if (!account) throw new Error('GET_USER gave no Solana address')
    return { page, account }
  }

  async function approve(page: Awaited<ReturnType<typeof signedIn>>['page']) {
    const button = frameOf(page).getByRole('button', { name: 'Approve' })
    await expect.poll(() => button.isEnabled(), wait).toBe(true)
    await button.click()
  }

  test('solana_signMessage: shown whole in the frame; after the click the signature verifies against the address', async () => {
    const { page, account } = await signedIn('solana-message')
    const text = 'Sign in to dapp.test\nNonce: 5f2a'
    startRequest(page, 'sign', 'RPC_REQUEST', {
      method: 'solana_signMessage',
      params: { message: base58(new TextEncoder().encode(text)), pubkey: account },
    })
    await waitForApproval(page)
    const frame = frameOf(page)
    expect(await frame.locator('.lk-title').textContent()).toBe('Sign message')
    expect(await frame.locator('dd.lk-block').textContent()).toBe(text)
    expect(await frame.locator('.lk-details').textContent()).toContain(account)
    // Nothing comes back before the click.
    expect((await hostState(page)).approvals.at(-1)?.type).toBe('APPROVAL_REQUESTED')
    await approve(page)
    const answer = await waitForResult(page, 'sign')
    expect(answer.ok).toBe(true)
    const { signature } = (answer as { value: { result: { signature: string } } }).value.result
    const verified = await verifySignature(
      await getPublicKeyFromAddress(account),
      new Uint8Array(getBase58Encoder().encode(signature)) as SignatureBytes,
      new TextEncoder().encode(text) as Parameters<typeof verifySignature>[2],
    )
    expect(verified).toBe(true)
    await page.close()
  })

  test('solana_signAndSendTransaction: the transfer is read out; Reject sends nothing, Approve lands it', async () => {
    const { page, account } = await signedIn('solana-send')
    await solana.airdrop(account, SOL)
    const rpc = createSolanaRpc(solana.url)
    const { blockhash } = (await rpc.getLatestBlockhash().send()).value
    const transaction = base58(
      unsignedTransaction({
        payer: account,
        blockhash,
        instructions: [solTransfer(account, recipient, SOL / 4n)],
      }),
    )
    // The blockhash is kit's (read at `confirmed`): the preflight must not run at `finalized`.
    const params = {
      transaction,
      chain: 'solana:localnet',
      options: { preflightCommitment: 'confirmed' },
    }
    const before = (await rpc.getBalance(recipient).send()).value

    startRequest(page, 'rejected', 'RPC_REQUEST', {
      method: 'solana_signAndSendTransaction',
      params,
    })
    await waitForApproval(page)
    const frame = frameOf(page)
    expect(await frame.locator('.lk-title').textContent()).toBe('Send transaction')
    const details = (await frame.locator('.lk-details').textContent()) ?? ''
    expect(details).toContain('solana:localnet (not a public cluster)')
    expect(details).toContain('Transfer SOL')
    expect(details).toContain('0.25 SOL (250000000 lamports)')
    expect(details).toContain(recipient)
    expect(details).toContain('System Program')
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect(await waitForResult(page, 'rejected')).toMatchObject({
      ok: false,
      error: { code: 4001 },
    })
    expect((await rpc.getBalance(recipient).send()).value).toBe(before)

    startRequest(page, 'sent', 'RPC_REQUEST', { method: 'solana_signAndSendTransaction', params })
    await waitForApproval(page, 2)
    await approve(page)
    const answer = await waitForResult(page, 'sent')
    expect(answer).toMatchObject({ ok: true })
    expect((await rpc.getBalance(recipient).send()).value).toBe(before + SOL / 4n)
    await page.close()
  })

  test('refused before any screen: another public key, text that is not base58, a transaction paid by someone else', async () => {
    const { page, account } = await signedIn('solana-refused')
    const message = base58(new TextEncoder().encode('hi'))
    expect(
      await hostRequest(page, 'RPC_REQUEST', {
        method: 'solana_signMessage',
        params: { message, pubkey: recipient },
      }),
    ).toMatchObject({ ok: false, error: { name: 'AccountNotAuthorizedError', code: 4100 } })
    expect(
      await hostRequest(page, 'RPC_REQUEST', {
        method: 'solana_signMessage',
        params: { message: 'aGk=', pubkey: account },
      }),
    ).toMatchObject({
      ok: false,
      error: {
        name: 'InvalidRequestError',
        message: 'Invalid request: The message must be base58.',
      },
    })
    const foreign = base58(
      unsignedTransaction({
        payer: recipient,
        blockhash: (await createSolanaRpc(solana.url).getLatestBlockhash().send()).value.blockhash,
        instructions: [solTransfer(recipient, account, SOL)],
      }),
    )
    const paid = await hostRequest(page, 'RPC_REQUEST', {
      method: 'solana_signTransaction',
      params: { transaction: foreign, chain: 'solana:localnet' },
    })
    expect(paid).toMatchObject({ ok: false, error: { name: 'InvalidRequestError' } })
    expect((paid as { error: { message: string } }).error.message).toMatch(/is paid for by/)
    expect((await hostState(page)).approvals).toEqual([])
    await page.close()
  })
})
