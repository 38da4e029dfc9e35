import { Aes256Gcm, CipherSuite, DhkemX25519HkdfSha256, HkdfSha256 } from '@hpke/core'
import type { CDPSession, Page } from 'playwright-core'
import { createPublicClient, type Hex, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decodeBase32, hotp, totpStep } from '../../server/factors/totp'
import { rpc } from '../harness/anvil'
import type { TestBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
import {
  dumpHostStorage,
  frameMessages,
  frameOf,
  startRequest,
  startScreen,
  waitForResult,
} from './frameHostPage'
import type { FrameLab } from './frameLab'
import { approve, signedIn, startSealedLab, wait } from './sealedFrame'

// Second factors and export in the three-site lab (issue 16): a sealed project with passkeys and
// a threshold of 0.5 ETH. The visitor sets up an authenticator app in the frame (the test reads
// the secret from the frame's own DOM, as a person reads the QR code), exports the key after a
// code (rebuilt in the frame from its shares), seals it with HPKE to a key the test holds, uses a
// recovery code once, adds a passkey (Chromium's virtual authenticator) and uses it as a factor,
// and sends a transaction above the threshold after a code. The host page never sees any of it.

const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('second factors and export in the frame', () => {
  const rpcUrls = inject('rpcUrls')
  let lab: FrameLab
  let browser: TestBrowser
  let close: (() => Promise<void>) | undefined
  let page: Page
  let address: string
  let secret: Buffer
  let recoveryCodes: string[]
  const seen = new Set<string>()

  beforeAll(async () => {
    ;({ lab, browser, close } = await startSealedLab(rpcUrls, 'partitioned', {
      server: { secondFactor: { signAbove: { default: '0.5' }, loginMethods: true } },
      passkeys: true,
    }))
    ;({ page, address } = await signedIn(browser, lab, 'factors'))
  })
  afterAll(async () => {
    await close?.()
  })

  /** The code of the app for the server's (fake) clock; each step counts once, so the clock moves on. */
  const nextCode = () => {
    lab.server.clock.advance(30_000)
    return hotp(secret, totpStep(lab.server.clock.now()))
  }
  const frame = () => frameOf(page)
  const view = (name: string) =>
    expect.poll(() => frame().locator(`[data-view="${name}"]`).count(), wait).toBe(1)
  const alert = () => frame().locator('[role="alert"]').first()

  /** OPEN_SECURITY from the host: the frame shows its Security screen. */
  async function openSecurity(key: string) {
    await startScreen(page, key, 'OPEN_SECURITY')
    await view('Security')
  }
  const rowButton = (factor: string) => frame().locator(`[data-factor="${factor}"] button`)

  /** The exported key, revealed on the frame's export screen. */
  async function revealedKey() {
    await view('ExportKey')
    await frame().getByRole('button', { name: 'Reveal' }).first().click()
    return frame().getByTestId('export-evm-key').textContent()
  }

  test('default: set up an authenticator app; export is refused before it, shown after a code, and the key is the wallet’s', async () => {
    await openSecurity('security-1')
    // No second factor yet: the export is refused, in the frame.
    await rowButton('export').click()
    await expect.poll(() => alert().textContent(), wait).toContain('Set up an authenticator app')
    await rowButton('totp').click()
    await view('TotpSetup')
    const text = (await frame().getByTestId('totp-secret').textContent()) ?? ''
    secret = decodeBase32(text) as Buffer
    expect(secret).toHaveLength(20)
    await frame().getByLabel('Code from the app').fill(nextCode())
    await frame().getByRole('button', { name: 'Turn on' }).click()
    await view('RecoveryCodes')
    recoveryCodes = await frame().getByTestId('recovery-codes').locator('li').allTextContents()
    expect(recoveryCodes).toHaveLength(10)
    await frame().getByRole('button', { name: 'I saved them' }).click()
    await view('Security')
    await expect
      .poll(() => frame().locator('[data-factor="totp"]').textContent(), wait)
      .toContain('On')

    await rowButton('export').click()
    await view('FactorChallenge')
    // A wrong code is said on the screen; the right one opens the export.
    await frame().getByLabel('Code from your authenticator app').fill('000000')
    await frame().getByRole('button', { name: 'Confirm' }).click()
    await expect.poll(() => alert().textContent(), wait).toContain('not right')
    await frame().getByLabel('Code from your authenticator app').fill(nextCode())
    await frame().getByRole('button', { name: 'Confirm' }).click()
    const key = (await revealedKey()) as Hex
    expect(privateKeyToAccount(key).address).toBe(address)
    seen.add(key.slice(2)).add(text.replace(/ /g, ''))
    for (const code of recoveryCodes) seen.add(code)

    // The host page cannot read into the frame: no document, no message, no storage.
    const reach = await page.evaluate(() => {
      const iframe = document.querySelector('iframe[data-latchkey-frame]') as HTMLIFrameElement
      let document_: unknown = 'unreadable'
      try {
        document_ = iframe.contentWindow?.document.body.innerHTML
      } catch {
        document_ = 'blocked'
      }
      return { contentDocument: iframe.contentDocument, document: document_ }
    })
    expect(reach).toEqual({ contentDocument: null, document: 'blocked' })
    await frame().getByRole('button', { name: 'Done' }).click()
    await view('Security')
  })

  test('behavior: export sealed with HPKE to the visitor’s public key opens to the wallet’s key; a recovery code works once', async () => {
    const suite = new CipherSuite({
      kem: new DhkemX25519HkdfSha256(),
      kdf: new HkdfSha256(),
      aead: new Aes256Gcm(),
    })
    const recipientKeys = await suite.kem.generateKeyPair()
    const publicKey = Buffer.from(await suite.kem.serializePublicKey(recipientKeys.publicKey))
    await rowButton('export').click()
    await view('FactorChallenge')
    await frame().getByRole('button', { name: 'Use a recovery code' }).click()
    const [code = ''] = recoveryCodes
    await frame().getByLabel('Recovery code').fill(code)
    await frame().getByRole('button', { name: 'Confirm' }).click()
    await view('ExportKey')
    await frame().getByRole('button', { name: 'Encrypt it to a public key instead' }).click()
    await frame()
      .getByLabel(/Recipient public key/)
      .fill(publicKey.toString('hex'))
    await frame().getByRole('button', { name: 'Encrypt' }).click()
    const sealed = JSON.parse((await frame().getByTestId('export-sealed').textContent()) ?? '{}')
    expect(sealed).toMatchObject({ kem: 'DHKEM(X25519, HKDF-SHA256)', info: 'latchkey/export/v1' })
    const opened = await suite.open(
      {
        recipientKey: recipientKeys,
        enc: Buffer.from(sealed.enc, 'base64'),
        info: new TextEncoder().encode('latchkey/export/v1'),
      },
      Buffer.from(sealed.ciphertext, 'base64'),
    )
    const keys = JSON.parse(new TextDecoder().decode(opened)) as {
      privateKey: Hex
      address: string
    }
    expect(privateKeyToAccount(keys.privateKey).address).toBe(address)
    await frame().getByRole('button', { name: 'Done' }).click()
    await view('Security')
    // The same recovery code a second time is refused.
    await rowButton('export').click()
    await frame().getByRole('button', { name: 'Use a recovery code' }).click()
    await frame().getByLabel('Recovery code').fill(code)
    await frame().getByRole('button', { name: 'Confirm' }).click()
    await expect.poll(() => alert().textContent(), wait).toContain('used already')
    await frame().getByRole('button', { name: 'Cancel' }).click()
    await view('Security')
  })

  test('behavior: a passkey added after a code is then a second factor of its own', async () => {
    const cdp: CDPSession = await page.context().newCDPSession(page)
    await cdp.send('WebAuthn.enable', {})
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        hasPrf: true,
        automaticPresenceSimulation: true,
      },
    })
    await rowButton('passkeys').click()
    // Adding a way to sign in needs the factor first (the project's policy), then the passkey.
    await view('FactorChallenge')
    await frame().getByLabel('Code from your authenticator app').fill(nextCode())
    await frame().getByRole('button', { name: 'Confirm' }).click()
    await view('PasskeyRegister')
    await frame().getByRole('button', { name: 'Create passkey' }).click()
    await view('Security')
    await expect
      .poll(() => frame().locator('[data-factor="passkeys"]').textContent(), wait)
      .toContain('1 passkey')
    await rowButton('export').click()
    await view('FactorChallenge')
    await frame().getByRole('button', { name: 'Use a passkey' }).click()
    expect(privateKeyToAccount((await revealedKey()) as Hex).address).toBe(address)
    await frame().getByRole('button', { name: 'Done' }).click()
    await view('Security')
    await frame().getByRole('button', { name: 'Done' }).click()
    // The host learns only that the screens closed.
    expect(await waitForResult(page, 'security-1')).toEqual({ ok: true })
  })

  test('behavior: a transaction above the threshold asks for a code before its approval, and is sent', async () => {
    const rpc1 = rpcUrls[1] as string
    await rpc(rpc1, 'anvil_setBalance', [address, '0x1bc16d674ec80000'])
    const value = parseEther('0.75')
    await startRequest(page, 'big', 'RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ from: address, to: recipient, value: `0x${value.toString(16)}` }],
    })
    await view('FactorChallenge')
    await frame().getByLabel('Code from your authenticator app').fill(nextCode())
    await frame().getByRole('button', { name: 'Confirm' }).click()
    await approve(page)
    const sent = await waitForResult(page, 'big')
    expect(sent.ok).toBe(true)
    const client = createPublicClient({ transport: http(rpc1) })
    const receipt = await client.waitForTransactionReceipt({
      hash: (sent as { value: { result: Hex } }).value.result,
    })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())

    // Nothing of it ever reached the host page: no message, no storage it can open.
    const messages = (await frameMessages(page)).join('\n')
    const storage = await dumpHostStorage(page)
    for (const secretText of seen) {
      expect(messages).not.toContain(secretText)
      expect(storage).not.toContain(secretText)
    }
    expect(browser.pageErrors()).toEqual([])
  })

  test('behavior: the Security screen links to the passkey list and the import, which asks for the factor first', async () => {
    await openSecurity('security-2')
    const passkeyButtons = frame().locator('[data-factor="passkeys"] button')
    await expect.poll(() => passkeyButtons.count(), wait).toBe(2)
    await frame()
      .locator('[data-factor="passkeys"]')
      .getByRole('button', { name: 'Manage' })
      .click()
    await expect.poll(() => frame().locator('[data-view="PasskeyList"] li').count(), wait).toBe(1)
    await frame().getByRole('button', { name: 'Done' }).click()
    await view('Security')
    await rowButton('import').click()
    // The account has a factor and loginMethods is on: replacing the wallet asks for it first.
    await view('FactorChallenge')
    await frame().getByRole('button', { name: 'Cancel' }).click()
    await view('Security')
    await frame().getByRole('button', { name: 'Done' }).click()
    expect(await waitForResult(page, 'security-2')).toEqual({ ok: true })
  })
})
