import { type Hex, keccak256, stringToHex } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { createSiwxMessage } from '../../src/siwx/createSiwxMessage'

/** A Farcaster account of the test world: its fid, username and known keys. */
export interface FarcasterTestAccount {
  fid: number
  username: string
  /** The custody address's key (the ID registry's `custodyOf(fid)`). */
  custody: PrivateKeyAccount
  /** An auth address's key (key registry, type 2), when the account has one. */
  authAddress?: PrivateKeyAccount | undefined
}

const keyOf = (label: string): Hex => keccak256(stringToHex(`latchkey farcaster test ${label}`))

/** The test world's accounts (their registry entries: `startFarcasterChain` puts them in place). */
export const farcasterTestAccounts = {
  alice: {
    fid: 1001,
    username: 'alice',
    custody: privateKeyToAccount(keyOf('alice custody')),
    authAddress: privateKeyToAccount(keyOf('alice auth address')),
  },
  bob: { fid: 1002, username: 'bob', custody: privateKeyToAccount(keyOf('bob custody')) },
} satisfies Record<string, FarcasterTestAccount>

/** A key no registry knows (a thief's, or a wrong one). */
export const strangerKey = privateKeyToAccount(keyOf('stranger'))

/** How the test client signs: honestly by default, or with one field or key changed (attacks). */
export interface FarcasterSignOptions {
  account: FarcasterTestAccount
  /** Sign with the custody address or the auth address. @default 'custody' */
  method?: 'custody' | 'authAddress' | undefined
  /** The relay to authenticate at. @default the channel URL's origin */
  relayUrl?: string | undefined
  /** The relay's key for wallet apps (`X-Farcaster-Auth-Relay-Key`). */
  relayKey: string
  /** Changes to what an honest app would sign or send. */
  tamper?:
    | {
        signer?: PrivateKeyAccount
        domain?: string
        uri?: string
        nonce?: string
        /** The fid the relay is told (the message keeps the account's). */
        relayFid?: number
        channelToken?: string
        expirationTime?: string
      }
    | undefined
}

/**
 * The test Farcaster client: what a Farcaster app does with a Sign In With Farcaster URL (FIP-11).
 * It reads the channel token and the message fields from the URL, writes the EIP-4361 message
 * ("Farcaster Auth", chain 10, the fid as a resource), signs it with the account's key and hands
 * it to the relay's `/v1/channel/authenticate`. Answers the relay's HTTP status.
 */
export async function signInWithFarcaster(uri: string, options: FarcasterSignOptions) {
  const url = new URL(uri)
  const q = (name: string) => url.searchParams.get(name) ?? undefined
  const { account, tamper = {} } = options
  const method = options.method ?? 'custody'
  const signer =
    tamper.signer ??
    (method === 'custody' ? account.custody : (account.authAddress ?? account.custody))
  const message = createSiwxMessage({
    accountAddress: signer.address,
    chainId: 'eip155:10',
    domain: tamper.domain ?? q('domain') ?? '',
    uri: tamper.uri ?? q('siweUri') ?? '',
    version: '1',
    nonce: tamper.nonce ?? q('nonce') ?? '',
    issuedAt: new Date().toISOString(),
    statement: 'Farcaster Auth',
    expirationTime: tamper.expirationTime ?? q('expirationTime'),
    notBefore: q('notBefore'),
    requestId: q('requestId'),
    resources: [
      `farcaster://fid/${account.fid}`,
      ...(method === 'authAddress' ? ['farcaster://signer/type/authAddress'] : []),
    ],
  })
  const signature = await signer.signMessage({ message })
  const relay = (options.relayUrl ?? url.origin).replace(/\/+$/, '')
  const response = await fetch(`${relay}/v1/channel/authenticate`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${tamper.channelToken ?? q('channelToken') ?? ''}`,
      'x-farcaster-auth-relay-key': options.relayKey,
    },
    body: JSON.stringify({
      message,
      signature,
      authMethod: method,
      fid: tamper.relayFid ?? account.fid,
      username: account.username,
      displayName: account.username,
      bio: '',
      pfpUrl: '',
    }),
  })
  return response.status
}
