// @vitest-environment happy-dom
import { http, UserRejectedRequestError } from 'viem'
import { bsc, mainnet } from 'viem/chains'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createConfig, createStorage } from 'wagmi'
import {
  connect,
  disconnect,
  getConnection,
  getConnectorClient,
  reconnect,
  signMessage,
  switchChain,
} from 'wagmi/actions'
import { EmailLoginCooldownError } from '../src/errors/EmailLoginCooldownError'
import { FrameRequestError } from '../src/errors/FrameRequestError'
import { SecondFactorRequiredError } from '../src/errors/SecondFactorRequiredError'
import { fixtureAddress, fixtureUser } from '../test/harness/frame.fixtures'
import { stubFramePages } from '../test/harness/frameTestHarness'
import {
  createScriptedFrame,
  type FrameScript,
  scriptedFrameUrl,
} from '../test/harness/scriptedFrame'
import { embeddedWallet, getEmbeddedWalletApi } from './embeddedWallet'
import { isEmbeddedWalletMessage } from './embeddedWallet/readEmbeddedWalletMessage'

const key = (name: string) => `wagmi.latchkey.embedded.${name}`
const stored = (name: string) => localStorage.getItem(key(name))

const loggedIn: FrameScript = {
  IS_CONNECTED: { payload: { isConnected: true } },
  GET_USER: { payload: fixtureUser },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { payload: { smartAccountEnabledNetworks: [] } },
  SIGN_OUT: {},
}

function setup(
  script: FrameScript,
  { signOut, autoReady = true }: { signOut?: number; autoReady?: boolean } = {},
) {
  const fake = createScriptedFrame(script, { autoReady })
  const config = createConfig({
    chains: [mainnet, bsc],
    connectors: [
      embeddedWallet({
        frameUrl: scriptedFrameUrl,
        projectId: 'demo',
        container: fake.container,
        timeouts: { postReadyDelay: 0, ...(signOut === undefined ? {} : { signOut }) },
      }),
    ],
    transports: {
      [mainnet.id]: http('http://127.0.0.1:9/1'),
      [bsc.id]: http('http://127.0.0.1:9/56'),
    },
    storage: createStorage({ storage: localStorage }),
    multiInjectedProviderDiscovery: false,
  })
  const connector = config.connectors[0]
  if (!connector) throw new TypeError('No connector.')
  const api = getEmbeddedWalletApi(connector)
  if (!api) throw new TypeError('No embedded wallet API.')
  const messages: { type: string; data?: unknown }[] = []
  // wagmi adds the emitter's uid to every event.
  connector.emitter.on('message', ({ uid: _, ...message }) => messages.push(message))
  const iframe = () => document.querySelector('iframe[data-latchkey-frame]')
  return { fake, config, connector, api, messages, iframe }
}

function store(values: Record<string, unknown>) {
  for (const [name, value] of Object.entries(values))
    localStorage.setItem(key(name), JSON.stringify(value))
}

beforeEach(() => {
  stubFramePages()
  localStorage.clear()
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  localStorage.clear()
  document.body.innerHTML = ''
})

describe('email login', () => {
  test('default: email → VERIFY_OTP → code → connect() lands connected with the address', async () => {
    const { fake, config, connector, api, messages, iframe } = setup({
      ...loggedIn,
      CONNECT_EMAIL: { payload: { action: 'VERIFY_OTP' } },
      CONNECT_OTP: {},
    })
    // Lazy: no login used before, so no frame until it is needed.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(iframe()).toBeNull()
    expect(await connector.getProvider()).toBeUndefined()

    expect(await api.connectEmail({ email: 'ada@example.com' })).toEqual({ action: 'VERIFY_OTP' })
    expect(iframe()).not.toBeNull()
    expect(messages).toContainEqual({
      type: 'embedded:otpSent',
      data: { email: 'ada@example.com' },
    })
    expect(Number(stored('lastEmailLoginAt'))).toBeGreaterThan(0)
    await api.connectOtp({ otp: '123456' })

    const result = await connect(config, { connector, chainId: 1 })
    expect(result).toEqual({ accounts: [fixtureAddress], chainId: 1 })
    expect(getConnection(config)).toMatchObject({ address: fixtureAddress, status: 'connected' })
    expect(fake.types().slice(0, 3)).toEqual(['CONNECT_EMAIL', 'CONNECT_OTP', 'GET_USER'])
    expect(fake.last('CONNECT_OTP')?.payload).toEqual({ otp: '123456' })
    expect(fake.last('GET_USER')?.payload).toEqual({ chainId: 1, preferredAccountType: 'eoa' })
    // SPEC §4: success stores the email and the flag, and clears the last login time.
    expect(stored('loginUsed')).toBe('true')
    expect(stored('email')).toBe('"ada@example.com"')
    expect(stored('lastEmailLoginAt')).toBeNull()
    expect(api.user?.address).toBe(fixtureAddress)
    expect(await api.getEmail()).toBe('ada@example.com')
  })

  test('behavior: VERIFY_DEVICE, then the device, then the code', async () => {
    const { fake, api, messages } = setup({
      CONNECT_EMAIL: { payload: { action: 'VERIFY_DEVICE' } },
      CONNECT_DEVICE: {},
    })
    expect((await api.connectEmail({ email: 'ada@example.com' })).action).toBe('VERIFY_DEVICE')
    expect(messages).toContainEqual({
      type: 'embedded:verifyDevice',
      data: { email: 'ada@example.com' },
    })
    await api.connectDevice()
    expect(fake.types()).toEqual(['CONNECT_EMAIL', 'CONNECT_DEVICE'])
  })

  test('behavior: another email login within 30 s is refused, rounded up; nothing is sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(1_700_000_000_000)
    const { fake, api } = setup({ CONNECT_EMAIL: { payload: { action: 'VERIFY_OTP' } } })
    await api.connectEmail({ email: 'ada@example.com' })
    vi.setSystemTime(1_700_000_000_000 + 10_500)
    const error = await api.connectEmail({ email: 'ada@example.com' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EmailLoginCooldownError)
    expect((error as EmailLoginCooldownError).shortMessage).toBe(
      'Please try again after 20 seconds',
    )
    expect(fake.types()).toEqual(['CONNECT_EMAIL'])
    vi.setSystemTime(1_700_000_000_000 + 30_000)
    await api.connectEmail({ email: 'ada@example.com' })
    expect(fake.types()).toEqual(['CONNECT_EMAIL', 'CONNECT_EMAIL'])
  })

  test('behavior: the cooldown survives a reload (the time is stored)', async () => {
    store({ lastEmailLoginAt: Date.now() - 1_000 })
    const { api } = setup({})
    await expect(api.connectEmail({ email: 'ada@example.com' })).rejects.toThrow(
      'Please try again after 29 seconds',
    )
  })

  test('behavior: a wrong code is the frame message; connect without a session fails', async () => {
    const { config, connector, api } = setup({
      CONNECT_OTP: { error: { message: 'Invalid code' } },
      GET_USER: { error: { message: 'Not signed in' } },
    })
    await expect(api.connectOtp({ otp: '000000' })).rejects.toThrow('Invalid code')
    await expect(connect(config, { connector })).rejects.toThrow(
      'The embedded wallet is not connected.',
    )
    expect(getConnection(config).status).toBe('disconnected')
  })
})

describe('reconnect', () => {
  test('default: a stored login creates the frame at once; IS_CONNECTED true reconnects', async () => {
    store({ loginUsed: true, email: 'ada@example.com', chainId: 56 })
    const { fake, config, connector, iframe } = setup(loggedIn)
    await vi.waitFor(() => expect(iframe()).not.toBeNull())
    const connections = await reconnect(config)
    expect(connections).toHaveLength(1)
    expect(getConnection(config)).toMatchObject({ address: fixtureAddress, status: 'connected' })
    expect(fake.types().slice(0, 2)).toEqual(['IS_CONNECTED', 'GET_USER'])
    expect(fake.last('GET_USER')?.payload).toMatchObject({ chainId: 56 })
    // The user came back on chain 1 (fixture): that is the chain in use, and it is stored.
    expect(getConnection(config).chainId).toBe(1)
    const provider = await connector.getProvider()
    expect(await provider?.request({ method: 'eth_chainId' })).toBe('0x1')
  })

  test('behavior: IS_CONNECTED false clears the cached login data', async () => {
    store({ loginUsed: true, email: 'ada@example.com', chainId: 56 })
    const { fake, config } = setup({
      ...loggedIn,
      IS_CONNECTED: { payload: { isConnected: false } },
    })
    expect(await reconnect(config)).toEqual([])
    expect(getConnection(config).status).toBe('disconnected')
    expect(stored('loginUsed')).toBeNull()
    expect(stored('email')).toBeNull()
    expect(stored('chainId')).toBe('56')
    expect(fake.types()).toEqual(['IS_CONNECTED'])
  })

  test('behavior: an IS_CONNECTED error clears it too', async () => {
    store({ loginUsed: true, email: 'ada@example.com' })
    const { config } = setup({ IS_CONNECTED: { error: { message: 'Session expired' } } })
    expect(await reconnect(config)).toEqual([])
    expect(stored('loginUsed')).toBeNull()
    expect(stored('email')).toBeNull()
  })

  test('behavior: no stored login: nothing to reconnect, no frame', async () => {
    const { fake, config, iframe } = setup(loggedIn)
    expect(await reconnect(config)).toEqual([])
    expect(iframe()).toBeNull()
    expect(fake.posted).toEqual([])
  })
})

async function connected(script: FrameScript = {}, options?: { signOut?: number }) {
  store({ loginUsed: true })
  const context = setup({ ...loggedIn, ...script }, options)
  await reconnect(context.config)
  expect(getConnection(context.config).status).toBe('connected')
  return context
}

describe('disconnect', () => {
  test('behavior: clears the cache at once, waits for sign-out, gives up after 3 s', async () => {
    const { fake, config } = await connected({ SIGN_OUT: 'hang' })
    vi.useFakeTimers()
    let done = false
    disconnect(config).then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(fake.types()).toContain('SIGN_OUT')
    expect(stored('loginUsed')).toBeNull()
    await vi.advanceTimersByTimeAsync(2_999)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
    expect(getConnection(config).status).toBe('disconnected')
  })

  test('behavior: ends as soon as the frame confirms', async () => {
    const { fake, config } = await connected()
    await disconnect(config)
    expect(fake.types().at(-1)).toBe('SIGN_OUT')
    expect(getConnection(config).status).toBe('disconnected')
    expect(stored('email')).toBeNull()
  })
})

describe('chains', () => {
  test('behavior: switch sends SWITCH_NETWORK, stores the chain id, answers eth_chainId locally', async () => {
    const { fake, config, connector } = await connected({
      SWITCH_NETWORK: { payload: { chainId: 56 } },
    })
    await switchChain(config, { chainId: 56 })
    expect(fake.last('SWITCH_NETWORK')?.payload).toEqual({ chainId: 56 })
    expect(stored('chainId')).toBe('56')
    expect(getConnection(config).chainId).toBe(56)
    const sent = fake.posted.length
    const provider = await connector.getProvider()
    expect(await provider?.request({ method: 'eth_chainId' })).toBe('0x38')
    expect(await connector.getChainId()).toBe(56)
    expect(fake.posted.length).toBe(sent)
  })

  test('behavior: a chain the config does not have is refused', async () => {
    const { config, connector } = await connected()
    await expect(connector.switchChain?.({ chainId: 137 })).rejects.toThrow(
      'An error occurred when attempting to switch chain.',
    )
    expect(getConnection(config).chainId).toBe(1)
  })
})

describe('requests', () => {
  test("behavior: a rejection in the frame is UserRejectedRequestError; the frame's approval events become messages", async () => {
    const { config, messages, fake } = await connected({ RPC_REQUEST: 'hang' })
    const signing = signMessage(config, { message: 'hello' }).catch((e: unknown) => e)
    await vi.waitFor(() => expect(fake.last('RPC_REQUEST')).toBeDefined())
    const id = fake.last('RPC_REQUEST')?.id ?? ''
    fake.deliver({ type: 'APPROVAL_REQUESTED', payload: { id } })
    fake.deliver({ type: 'APPROVAL_SETTLED', payload: { id } })
    fake.deliver({
      id,
      type: 'RPC_REQUEST_ERROR',
      payload: { message: 'User rejected the request', code: 4001 },
    })
    expect(await signing).toBeInstanceOf(UserRejectedRequestError)
    const approvals = messages.filter((m) => m.type === 'embedded:approval')
    expect(approvals).toEqual([
      { type: 'embedded:approval', data: { id, method: 'personal_sign', pending: true } },
      { type: 'embedded:approval', data: { id, method: 'personal_sign', pending: false } },
      {
        type: 'embedded:approval',
        data: { id, method: 'personal_sign', pending: false, outcome: 'rejected' },
      },
    ])
    expect(approvals.every(isEmbeddedWalletMessage)).toBe(true)
  })

  test('behavior: a signature comes back from the frame', async () => {
    const signature = `0x${'11'.repeat(65)}`
    const { config, fake } = await connected({ RPC_REQUEST: { payload: { result: signature } } })
    expect(await signMessage(config, { message: 'hello' })).toBe(signature)
    expect(fake.last('RPC_REQUEST')?.payload).toEqual({
      method: 'personal_sign',
      params: ['0x68656c6c6f', fixtureAddress],
    })
    const client = await getConnectorClient(config)
    expect(client.account.address).toBe(fixtureAddress)
  })
})

describe('other frame rules', () => {
  test('behavior: smart-account networks are stored; a failed fetch empties the list', async () => {
    store({ smartAccountNetworks: [1, 56] })
    const { api } = await connected({
      GET_SMART_ACCOUNT_ENABLED_NETWORKS: { error: { message: 'Unavailable' } },
    })
    await vi.waitFor(async () => expect(await api.getSmartAccountEnabledNetworks()).toEqual([]))
  })

  test('behavior: a refused smart account falls back to EOA with a message', async () => {
    const { api, messages } = await connected({
      SET_PREFERRED_ACCOUNT: {
        error: { message: 'This application might not support Smart Accounts' },
      },
    })
    expect(await api.setPreferredAccount('smartAccount')).toBe('eoa')
    expect(stored('preferredAccountType')).toBe('"eoa"')
    expect(messages).toContainEqual({
      type: 'embedded:preferredAccountFallback',
      data: {
        requested: 'smartAccount',
        message: 'This application might not support Smart Accounts',
      },
    })
  })

  test('behavior: email change: primary OTP, secondary OTP, the new email is stored', async () => {
    const { api, fake, messages } = await connected({
      UPDATE_EMAIL: { payload: { action: 'VERIFY_PRIMARY_OTP' } },
      UPDATE_EMAIL_PRIMARY_OTP: {},
      UPDATE_EMAIL_SECONDARY_OTP: { payload: { newEmail: 'new@example.com' } },
    })
    expect(await api.updateEmail({ email: 'new@example.com' })).toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    await api.updateEmailPrimaryOtp({ otp: '111111' })
    expect(await api.updateEmailSecondaryOtp({ otp: '222222' })).toEqual({
      newEmail: 'new@example.com',
    })
    expect(fake.types().filter((type) => type.startsWith('UPDATE_EMAIL'))).toEqual([
      'UPDATE_EMAIL',
      'UPDATE_EMAIL_PRIMARY_OTP',
      'UPDATE_EMAIL_SECONDARY_OTP',
    ])
    expect(await api.getEmail()).toBe('new@example.com')
    expect(api.user?.email).toBe('new@example.com')
    expect(messages).toContainEqual({
      type: 'embedded:emailUpdated',
      data: { email: 'new@example.com' },
    })
  })

  test('behavior: importWallet opens the import screen; the imported address becomes the account', async () => {
    const imported = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const { api, fake, config, messages } = await connected({ IMPORT_WALLET: 'hang' })
    const reply = {
      ...fixtureUser,
      address: imported,
      accounts: [{ address: imported, type: 'eoa' }],
    }
    fake.script.GET_USER = { payload: reply }
    const importing = api.importWallet()
    await vi.waitFor(() => expect(fake.last('IMPORT_WALLET')).toBeDefined())
    const id = fake.last('IMPORT_WALLET')?.id ?? ''
    fake.deliver({ type: 'APPROVAL_REQUESTED', payload: { id } })
    fake.deliver({ id, type: 'IMPORT_WALLET_SUCCESS', payload: { address: imported } })
    expect(await importing).toEqual({ address: imported })
    expect(fake.last('IMPORT_WALLET')?.payload).toBeUndefined()
    expect(getConnection(config).addresses).toEqual([imported])
    expect(api.user?.address).toBe(imported)
    expect(messages).toContainEqual({
      type: 'embedded:approval',
      data: { id, method: 'wallet_import', pending: true },
    })
  })

  test('error: importWallet cancelled in the frame is code 4001; a missing factor is SecondFactorRequiredError', async () => {
    const { api, config } = await connected({
      IMPORT_WALLET: [
        { error: { message: 'Cancelled.', code: 4001 } },
        {
          error: {
            name: 'SecondFactorRequiredError',
            message: 'This needs a second factor: confirm it is you first.',
            details: { action: 'import-wallet', reason: 'MISSING' },
          },
        },
      ],
    })
    const cancelled = await api.importWallet().catch((error: unknown) => error)
    expect(cancelled).toBeInstanceOf(FrameRequestError)
    expect((cancelled as FrameRequestError).code).toBe(4001)
    const refused = await api.importWallet().catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(SecondFactorRequiredError)
    expect((refused as SecondFactorRequiredError).action).toBe('import-wallet')
    expect(getConnection(config).addresses).toEqual([fixtureAddress])
  })

  test('behavior: managePasskeys opens the passkey list and resolves with the count left', async () => {
    const { api, fake } = await connected({ MANAGE_PASSKEYS: { payload: { passkeys: 2 } } })
    expect(await api.managePasskeys()).toEqual({ passkeys: 2 })
    expect(fake.types()).toContain('MANAGE_PASSKEYS')
  })

  test('behavior: a session token from the frame never reaches host storage', async () => {
    const { fake } = await connected()
    fake.deliver({ type: 'SESSION_UPDATE', payload: { token: 'secret-session-token' } })
    const values = Object.keys(localStorage).map((name) => localStorage.getItem(name))
    expect(values.join('\n')).not.toContain('secret-session-token')
  })
})

describe('frame failures', () => {
  test('behavior: no ready signal in 20 s: the SPEC §8 load error and an embedded:timeout message', async () => {
    vi.useFakeTimers()
    const { api, messages } = setup({}, { autoReady: false })
    const attempt = api.connectEmail({ email: 'ada@example.com' }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(((await attempt) as { shortMessage: string }).shortMessage).toBe(
      'Unable to load email login dependency',
    )
    expect(messages).toContainEqual({
      type: 'embedded:timeout',
      data: { reason: 'iframe_load_failed', request: 'CONNECT_EMAIL' },
    })
    // Refused before any code was sent: no cooldown starts.
    expect(stored('lastEmailLoginAt')).toBeNull()
  })

  test('behavior: no reply in 30 s to a connect request times out', async () => {
    vi.useFakeTimers()
    const { api, messages } = setup({ CONNECT_OTP: 'hang' })
    const attempt = api.connectOtp({ otp: '123456' }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(30_000)
    expect(((await attempt) as { shortMessage: string }).shortMessage).toBe(
      'Embedded wallet request timed out',
    )
    expect(messages).toContainEqual({
      type: 'embedded:timeout',
      data: { reason: 'iframe_request_timeout', request: 'CONNECT_OTP' },
    })
  })
})
