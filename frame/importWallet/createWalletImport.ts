import { split } from 'shamir-secret-sharing'
import { encodeBase64 } from '../../src/utils/base64'
import type { Api } from '../createApi'
import type { createApprovalQueue } from '../createApprovalQueue'
import type { FrameSession } from '../createFrameSession'
import { FrameReplyError } from '../FrameReplyError'
import type { FactorGate } from '../factors/factorGate'
import type { ShareStore } from '../sealed/createShareStore'
import { proveKeys } from '../sealed/proveKeys'
import { sealRecoveryShare } from '../sealed/recoveryCipher'
import { newWalletSecret } from '../sealed/walletSecret'
import type { ImportedKeys } from './deriveImportKey'
import { loadImportChunk } from './loadImportChunk'
import type { ImportTarget } from './renderImportScreen'
import './importWallet.css'

/** Parameters of {@link createWalletImport}. */
export type WalletImportParameters = {
  api: Api
  session: FrameSession
  approvals: Pick<ReturnType<typeof createApprovalQueue>, 'present'>
  shares: ShareStore
  /** The frame's project: only a project whose custody mode is `sealed` imports. */
  projectId: string
  /** A second factor before the import screen, where the project's policy wants one. */
  factorGate?: Pick<FactorGate, 'forAccountChange'> | undefined
}

const notSignedIn = () => new FrameReplyError({ message: 'Sign in first to import a wallet.' })

/**
 * IMPORT_WALLET (docs/security.md "Importing a wallet"): the frame's own screen takes a recovery
 * phrase or private key and a recovery password; the key is derived here (the import chunk),
 * split 2-of-3 like a new sealed wallet's (device share kept here, server share and the
 * password-sealed recovery share sent), and becomes the account's wallet, same address. The
 * phrase, the key and the password never leave this frame; nothing about them is posted to the
 * host but the new address.
 */
export function createWalletImport({
  api,
  session,
  approvals,
  shares,
  projectId,
  factorGate,
}: WalletImportParameters) {
  /** Splits `keys`, stores the shares on the server and the device share here. */
  async function store(
    keys: ImportedKeys,
    password: string,
    current: ImportTarget,
    confirmed: boolean,
    factorProof: string | undefined,
  ): Promise<{ address: string }> {
    // The imported key with the phrase's Solana seed (a private key: a new one), sealed together
    // (frame/sealed/walletSecret.ts).
    const { secret, address, solanaAddress } = newWalletSecret(keys.evmKey, keys.solanaSeed)
    const [device, server, recovery] = await split(secret, 3, 2)
    // The keys sign for this session, then the secret is wiped (server/custody/keyProof.ts).
    const thumbprint = session.key?.thumbprint
    const keyProof = proveKeys(secret, { purpose: 'import', thumbprint, address, solanaAddress })
    if (!device || !server || !recovery) throw new FrameReplyError({ message: 'Split failed.' })
    try {
      const stored = await api<{ address: string; version: number }>('/sealed-wallet/import', {
        body: {
          projectId,
          address,
          solanaAddress,
          serverShare: encodeBase64(server),
          recoveryShare: await sealRecoveryShare(recovery, password, address),
          replace: current ? { address: current.address, confirmed } : null,
          keyProof,
          ...(factorProof ? { factorProof } : {}),
        },
        token: session.token,
      })
      await shares.put(address, device, stored.version)
      session.address = address
      return { address }
    } finally {
      for (const share of [device, server, recovery]) share.fill(0)
    }
  }

  /** What the screen needs before it shows: the wallet it would replace, and the import chunk. */
  async function prepare() {
    if (!session.token) throw notSignedIn()
    const { current } = await api<{ current: ImportTarget }>(
      `/sealed-wallet/import?projectId=${encodeURIComponent(projectId)}`,
      { token: session.token },
    )
    return { current, chunk: await loadImportChunk() }
  }

  /**
   * The import in `root`: a second factor first where the policy wants one, then the screen;
   * `done` with the new address, `fail` on Cancel (or with the factor's error). Returns its remover.
   */
  function show(
    root: HTMLElement,
    { current, chunk }: Awaited<ReturnType<typeof prepare>>,
    done: (result: { address: string }) => void,
    fail: (error?: Error) => void,
  ): () => void {
    let remove = () => {}
    let closed = false
    const screen = (factorProof: string | undefined) => {
      remove()
      remove = chunk.renderImportScreen({
        root,
        current,
        onSubmit: async ({ secret, password, confirmed }) => {
          const keys = await chunk.deriveImportKey(secret)
          let result: { address: string }
          try {
            result = await store(keys, password, current, confirmed, factorProof)
          } finally {
            keys.evmKey.fill(0)
            keys.solanaSeed?.fill(0)
          }
          done(result)
        },
        onCancel: () => fail(),
      })
    }
    const factor = factorGate?.forAccountChange(root, 'import-wallet') ?? Promise.resolve(undefined)
    factor.then(
      (proof) => {
        if (!closed) screen(proof)
      },
      (error: unknown) => fail(error instanceof Error ? error : undefined),
    )
    return () => {
      closed = true
      remove()
    }
  }

  async function importWallet(id: string): Promise<{ address: string }> {
    const prepared = await prepare()
    let result: { address: string } | undefined
    await approvals.present(id, (root, done, fail) =>
      show(
        root,
        prepared,
        (imported) => {
          result = imported
          done()
        },
        fail,
      ),
    )
    if (!result) throw new FrameReplyError({ message: 'The import did not finish.' })
    return result
  }

  return Object.assign(importWallet, { prepare, show })
}

/** The frame's IMPORT_WALLET handler. */
export type WalletImport = ReturnType<typeof createWalletImport>
