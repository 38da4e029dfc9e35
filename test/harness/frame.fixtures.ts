import type { FrameRequestType } from '../../src/schemas/frameRequests'

// Test fixtures only (imported by *.test.ts): one valid and some invalid payloads per message.

/** An EVM address used by the fixtures (anvil dev account 0). */
export const fixtureAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A user as the frame returns it. */
export const fixtureUser = {
  email: 'ada@example.com',
  address: fixtureAddress,
  chainId: 1,
  accounts: [{ address: fixtureAddress, type: 'eoa' }],
  userName: 'ada',
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
}

/** A valid request payload per type (undefined: the type takes none). */
export const validRequestPayloads: Record<FrameRequestType, unknown> = {
  SWITCH_NETWORK: { chainId: 56 },
  CONNECT_EMAIL: { email: 'ada@example.com' },
  CONNECT_DEVICE: undefined,
  CONNECT_OTP: { otp: '123456' },
  CONNECT_SOCIAL: {
    result: 'Ab9_-Ab9_-Ab9_-Ab9_-Ab9_-Ab9_-Ab9_-Ab9_-Ab9',
    preferredAccountType: 'eoa',
    chainId: 1,
  },
  CONNECT_PASSKEY: undefined,
  REGISTER_PASSKEY: undefined,
  MANAGE_PASSKEYS: undefined,
  IMPORT_WALLET: undefined,
  OPEN_SECURITY: undefined,
  SETUP_RECOVERY: { ask: true },
  OPEN_LOGINS: undefined,
  GET_FARCASTER_URI: undefined,
  CONNECT_FARCASTER: undefined,
  GET_USER: { chainId: 1, preferredAccountType: 'eoa', socialUri: 'https://wallet.example.com/s' },
  GET_SOCIAL_REDIRECT_URI: { provider: 'github' },
  GET_SOCIAL_PROVIDERS: undefined,
  SIGN_OUT: undefined,
  SIGN_OUT_EVERYWHERE: undefined,
  IS_CONNECTED: undefined,
  GET_CHAIN_ID: undefined,
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: undefined,
  INIT_SMART_ACCOUNT: undefined,
  SET_PREFERRED_ACCOUNT: { type: 'smartAccount' },
  RPC_REQUEST: { method: 'personal_sign', params: ['0x68656c6c6f', fixtureAddress] },
  UPDATE_EMAIL: { email: 'new@example.com' },
  UPDATE_EMAIL_PRIMARY_OTP: { otp: '000000' },
  UPDATE_EMAIL_SECONDARY_OTP: { otp: '999999' },
  SYNC_THEME: {
    themeMode: 'dark',
    themeVariables: { accent: '#7c3aed', zIndex: 999 },
    w3mThemeVariables: { '--w3m-accent': '#7c3aed' },
  },
  SYNC_DAPP_DATA: {
    name: 'Demo',
    description: 'A demo dapp',
    url: 'https://dapp.example.com',
    icons: ['https://dapp.example.com/icon.png'],
    sdkVersion: '0.1.0',
    sdkType: 'latchkey',
    projectId: 'demo',
  },
  RELOAD: undefined,
  CANCEL_APPROVAL: { id: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d' },
}

/** Invalid request payloads per type, each with what is wrong. */
export const invalidRequestPayloads: Record<FrameRequestType, [string, unknown][]> = {
  SWITCH_NETWORK: [
    ['missing chainId', {}],
    ['negative chainId', { chainId: -1 }],
    ['float chainId', { chainId: 1.5 }],
  ],
  CONNECT_EMAIL: [
    ['not an email', { email: 'ada' }],
    ['extra key', { email: 'ada@example.com', admin: true }],
    ['no payload', undefined],
  ],
  CONNECT_DEVICE: [['unexpected payload', { device: 1 }]],
  CONNECT_OTP: [
    ['5 digits', { otp: '12345' }],
    ['letters', { otp: '12345a' }],
    ['number', { otp: 123456 }],
  ],
  CONNECT_SOCIAL: [
    ['a URI (the code never reaches the host)', { uri: 'https://a.example/cb?code=1' }],
    ['short handle', { result: 'abc' }],
    ['handle with other characters', { result: `${'a'.repeat(42)}=` }],
    ['short secret', { result: 'a'.repeat(43), secret: 'short' }],
    ['bad account type', { result: 'a'.repeat(43), preferredAccountType: 'root' }],
  ],
  CONNECT_PASSKEY: [['unexpected payload', { credentialId: 'x' }]],
  REGISTER_PASSKEY: [['unexpected payload', { name: 'x' }]],
  MANAGE_PASSKEYS: [['unexpected payload', { credentialId: 'x' }]],
  IMPORT_WALLET: [['a secret from the host', { mnemonic: 'abandon abandon' }]],
  OPEN_SECURITY: [['unexpected payload', { view: 'export' }]],
  SETUP_RECOVERY: [['ask not a boolean', { ask: 'yes' }]],
  OPEN_LOGINS: [['unexpected payload', { provider: 'google' }]],
  GET_FARCASTER_URI: [['unexpected payload', 'x']],
  CONNECT_FARCASTER: [['unexpected payload', { a: 1 }]],
  GET_USER: [
    ['bad chainId', { chainId: {} }],
    ['extra key', { chainId: 1, extra: 1 }],
  ],
  GET_SOCIAL_REDIRECT_URI: [
    ['unknown provider', { provider: 'myspace' }],
    ['farcaster is not a redirect provider', { provider: 'farcaster' }],
  ],
  GET_SOCIAL_PROVIDERS: [['unexpected payload', { all: true }]],
  SIGN_OUT: [['unexpected payload', { all: true }]],
  SIGN_OUT_EVERYWHERE: [['unexpected payload', { except: 'this' }]],
  IS_CONNECTED: [
    ['a token from the host', { token: 'opaque-token' }],
    ['empty token', { token: '' }],
  ],
  GET_CHAIN_ID: [['unexpected payload', 1]],
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: [['unexpected payload', []]],
  INIT_SMART_ACCOUNT: [['unexpected payload', null]],
  SET_PREFERRED_ACCOUNT: [['unknown type', { type: 'multisig' }]],
  RPC_REQUEST: [
    ['method not allowed', { method: 'eth_sign', params: [] }],
    ['method as substring', { method: 'personal_sign_extra' }],
    [
      'wallet_sendCalls to without 0x',
      { method: 'wallet_sendCalls', params: [{ calls: [{ to: fixtureAddress.slice(2) }] }] },
    ],
    [
      'wallet_sendCalls data without 0x',
      { method: 'wallet_sendCalls', params: [{ calls: [{ to: fixtureAddress, data: 'abcd' }] }] },
    ],
    ['huge string param', { method: 'eth_call', params: ['x'.repeat(64 * 1024 + 1)] }],
  ],
  UPDATE_EMAIL: [['not an email', { email: 'new@' }]],
  UPDATE_EMAIL_PRIMARY_OTP: [['7 digits', { otp: '1234567' }]],
  UPDATE_EMAIL_SECONDARY_OTP: [['empty', { otp: '' }]],
  SYNC_THEME: [
    ['bad mode', { themeMode: 'sepia' }],
    ['css injection', { themeMode: 'dark', themeVariables: { accent: 'red;}body{x:y' } }],
    ['see-through background', { themeMode: 'dark', themeVariables: { background: '#0000' } }],
  ],
  SYNC_DAPP_DATA: [
    ['missing name', { sdkVersion: '1', sdkType: 'x' }],
    ['bad url', { name: 'a', sdkVersion: '1', sdkType: 'x', url: 'ftp://a' }],
  ],
  RELOAD: [['unexpected payload', { hard: true }]],
  CANCEL_APPROVAL: [
    ['not a uuid', { id: 'abc' }],
    ['missing id', {}],
  ],
}

/** A valid success payload per request type (undefined: the reply carries none). */
export const validSuccessPayloads: Record<FrameRequestType, unknown> = {
  SWITCH_NETWORK: { chainId: 56 },
  CONNECT_EMAIL: { action: 'VERIFY_OTP' },
  CONNECT_DEVICE: undefined,
  CONNECT_OTP: undefined,
  CONNECT_SOCIAL: fixtureUser,
  CONNECT_PASSKEY: undefined,
  REGISTER_PASSKEY: { prf: true },
  MANAGE_PASSKEYS: { passkeys: 1 },
  IMPORT_WALLET: { address: fixtureAddress },
  OPEN_SECURITY: undefined,
  SETUP_RECOVERY: { recovery: 'set' },
  OPEN_LOGINS: undefined,
  GET_FARCASTER_URI: { uri: 'https://farcaster.example/connect?c=1' },
  CONNECT_FARCASTER: { userName: 'ada' },
  GET_USER: fixtureUser,
  GET_SOCIAL_REDIRECT_URI: { uri: 'https://github.com/login/oauth/authorize?x=1' },
  GET_SOCIAL_PROVIDERS: { providers: ['google', 'github'] },
  SIGN_OUT: undefined,
  SIGN_OUT_EVERYWHERE: undefined,
  IS_CONNECTED: { isConnected: true },
  GET_CHAIN_ID: { chainId: 1 },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { smartAccountEnabledNetworks: [1, 56] },
  INIT_SMART_ACCOUNT: { address: fixtureAddress, isDeployed: false },
  SET_PREFERRED_ACCOUNT: { type: 'eoa', address: fixtureAddress },
  RPC_REQUEST: { result: '0xabcdef' },
  UPDATE_EMAIL: { action: 'VERIFY_PRIMARY_OTP' },
  UPDATE_EMAIL_PRIMARY_OTP: undefined,
  UPDATE_EMAIL_SECONDARY_OTP: { newEmail: 'new@example.com' },
  SYNC_THEME: undefined,
  SYNC_DAPP_DATA: undefined,
  RELOAD: undefined,
  CANCEL_APPROVAL: { cancelled: true },
}

/** Invalid success payloads per request type. */
export const invalidSuccessPayloads: Record<FrameRequestType, [string, unknown][]> = {
  SWITCH_NETWORK: [['missing chainId', {}]],
  CONNECT_EMAIL: [
    ['unknown action', { action: 'LOGIN' }],
    ['lower case action', { action: 'connect' }],
  ],
  CONNECT_DEVICE: [['unexpected payload', { ok: true }]],
  CONNECT_OTP: [['unexpected payload', 'ok']],
  CONNECT_SOCIAL: [['user without address', { ...fixtureUser, address: undefined }]],
  CONNECT_PASSKEY: [['unexpected payload', { token: 'x' }]],
  OPEN_SECURITY: [['a key', { privateKey: '0x01' }]],
  SETUP_RECOVERY: [['an unknown answer', { recovery: 'maybe' }]],
  OPEN_LOGINS: [['a token', { token: 'x' }]],
  REGISTER_PASSKEY: [
    ['missing prf', {}],
    ['prf output', { prf: true, output: 'x' }],
  ],
  MANAGE_PASSKEYS: [
    ['negative count', { passkeys: -1 }],
    ['credential ids', { passkeys: 1, credentialIds: ['x'] }],
  ],
  IMPORT_WALLET: [
    ['bad address', { address: '0x123' }],
    ['the key back', { address: fixtureAddress, privateKey: '0x01' }],
  ],
  GET_FARCASTER_URI: [['not a URL', { uri: 'farcaster' }]],
  CONNECT_FARCASTER: [['missing userName', {}]],
  GET_USER: [
    ['bad address', { ...fixtureUser, address: '0x123' }],
    ['bad email', { ...fixtureUser, email: 'nope' }],
    ['bad account type', { ...fixtureUser, accounts: [{ address: fixtureAddress, type: 'x' }] }],
    ['extra key', { ...fixtureUser, privateKey: '0x01' }],
  ],
  GET_SOCIAL_REDIRECT_URI: [['missing uri', {}]],
  GET_SOCIAL_PROVIDERS: [['unknown provider', { providers: ['myspace'] }]],
  SIGN_OUT: [['unexpected payload', { bye: 1 }]],
  SIGN_OUT_EVERYWHERE: [['unexpected payload', { revoked: 2 }]],
  IS_CONNECTED: [['string boolean', { isConnected: 'true' }]],
  GET_CHAIN_ID: [['missing chainId', {}]],
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: [
    ['strings', { smartAccountEnabledNetworks: ['1'] }],
    ['comma list', { smartAccountEnabledNetworks: '1,56' }],
  ],
  INIT_SMART_ACCOUNT: [['missing isDeployed', { address: fixtureAddress }]],
  SET_PREFERRED_ACCOUNT: [['bad type', { type: 'x', address: fixtureAddress }]],
  RPC_REQUEST: [
    ['bare result', '0xabcdef'],
    ['deep result', { result: nest(40) }],
  ],
  UPDATE_EMAIL: [['connect action', { action: 'CONNECT' }]],
  UPDATE_EMAIL_PRIMARY_OTP: [['unexpected payload', { ok: 1 }]],
  UPDATE_EMAIL_SECONDARY_OTP: [['not an email', { newEmail: 'x' }]],
  SYNC_THEME: [['unexpected payload', { theme: 1 }]],
  SYNC_DAPP_DATA: [['unexpected payload', [1]]],
  RELOAD: [['unexpected payload', 1]],
  CANCEL_APPROVAL: [['string boolean', { cancelled: 'yes' }]],
}

/** An array nested `depth` levels deep. */
export function nest(depth: number): unknown {
  let value: unknown = 'leaf'
  for (let index = 0; index < depth; index++) value = [value]
  return value
}
