import { bytesToHex } from 'viem'
import { SecondFactorRequiredError } from '../../src/errors/SecondFactorRequiredError'
import type { createApprovalQueue } from '../createApprovalQueue'
import type { FrameSession } from '../createFrameSession'
import { FrameReplyError, userRejected } from '../FrameReplyError'
import type { WalletImport } from '../importWallet/createWalletImport'
import type { Passkeys } from '../passkey/createPasskeys'
import { renderPasskeyScreen } from '../passkey/renderPasskeyScreen'
import type { SealedCustody } from '../sealed/createSealedCustody'
import { recoveryPrelude } from '../sealed/recoveryPrelude'
import { evmKeyOf, solanaSecretKeyOf, solanaSeedOf } from '../sealed/walletSecret'
import type { FactorStatus } from './factorApi'
import { type FactorGate, isEnrolled } from './factorGate'
import { renderDeviceList } from './renderDeviceList'
import { renderExport } from './renderExport'
import { renderRecoveryCodes } from './renderRecoveryCodes'
import { renderSecurityHub } from './renderSecurityHub'
import { renderTotpSetup } from './renderTotpSetup'
import { messageOf } from './screenKit'

/** Parameters of {@link createSecurity}. */
export type SecurityParameters = {
  gate: FactorGate
  session: FrameSession
  approvals: Pick<ReturnType<typeof createApprovalQueue>, 'present'>
  sealed?: SealedCustody | undefined
  passkeys?: Passkeys | undefined
  /** The import screen, linked from the hub (a sealed project's frame only). */
  importWallet?: WalletImport | undefined
}

const isCancel = (error: unknown) => error instanceof FrameReplyError && error.code === 4001

/** Runs a screen until it calls back: resolves with what it gives, rejects (4001) on Cancel. */
function screen<T>(render: (resolve: (value: T) => void, cancel: () => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    render(resolve, () => reject(new FrameReplyError({ message: 'Cancelled.', code: 4001 }))),
  )
}

/**
 * The frame's security screens (OPEN_SECURITY, the modal's "Security" entry): set up or remove
 * an authenticator app, add a passkey, new recovery codes, and the export of the wallet's key,
 * each after a fresh second factor where the server wants one. All of it runs in this frame; the
 * host learns only that the screens closed.
 */
export function createSecurity({
  gate,
  session,
  approvals,
  sealed,
  passkeys,
  importWallet,
}: SecurityParameters) {
  const { factors } = gate

  /** A proof for `factors` when the account has a second factor already; else none is needed. */
  const changeProof = async (root: HTMLElement, status: FactorStatus) =>
    isEnrolled(status) ? gate.challenge(root, status, { action: 'factors' }).proof : undefined

  /** Rebuilds or receives the key after the proof; a sealed device without its share unlocks first. */
  async function exportKey(root: HTMLElement, status: FactorStatus) {
    if (!isEnrolled(status))
      throw new SecondFactorRequiredError({ action: 'export', reason: 'NOT_ENROLLED' })
    const custody = await sealed?.status()
    if (
      sealed &&
      custody?.custody === 'sealed' &&
      (await sealed.need(custody)) === 'enter-password'
    ) {
      const unlock = await recoveryPrelude(sealed, custody, passkeys?.recoveryPrelude)
      if (unlock) await screen<void>((done, cancel) => unlock(root, () => done(), cancel))
    }
    const proof = await gate.challenge(root, status, { action: 'export' }).proof
    const exported = await factors.exportWallet(proof)
    let privateKey: `0x${string}`
    let solana = exported.solana
    if (exported.custody === 'sealed') {
      if (!sealed) throw new FrameReplyError({ message: 'This wallet is sealed.' })
      const secret = await sealed.exportKey(exported)
      privateKey = bytesToHex(evmKeyOf(secret))
      // A sealed Solana key is rebuilt here with the EVM key (walletSecret.ts).
      const seed = solanaSeedOf(secret)
      if (seed && exported.solanaAddress)
        solana = { address: exported.solanaAddress, secretKey: solanaSecretKeyOf(seed) }
      secret.fill(0)
    } else privateKey = exported.privateKey
    await screen<void>((done) =>
      renderExport({
        root,
        keys: { address: exported.address, privateKey, solana },
        onDone: () => done(),
      }),
    )
  }

  /** The device list, shown again after each revocation, until Done. */
  async function manageDevices(root: HTMLElement, custody: SealedCustody) {
    for (let revoked = true; revoked; ) {
      const devices = await custody.devices()
      revoked = await screen<boolean>((resolve) =>
        renderDeviceList({
          root,
          devices,
          onRevoke: async (device) => {
            await custody.revoke(device.version)
            resolve(true)
          },
          onDone: () => resolve(false),
        }),
      )
    }
  }

  const showCodes = (root: HTMLElement, codes: string[]) =>
    screen<void>((done) => renderRecoveryCodes({ root, codes, onDone: () => done() }))

  return {
    /** OPEN_SECURITY: the security screens in their turn; resolves when the visitor closes them. */
    async open(id: string): Promise<undefined> {
      if (!session.token) throw new FrameReplyError({ message: 'Sign in first.' })
      await approvals.present(id, (root, done, fail) => {
        let closed = false
        const hub = async (error?: unknown) => {
          if (closed) return
          let status: FactorStatus
          let isSealed = false
          try {
            status = await factors.status()
            isSealed = (await sealed?.status())?.custody === 'sealed'
          } catch (failure) {
            return fail(failure instanceof Error ? failure : undefined)
          }
          const flow = (run: () => Promise<unknown>) => async () => {
            let failure: unknown
            try {
              await run()
            } catch (caught) {
              if (!isCancel(caught)) failure = caught
            }
            await hub(failure)
          }
          renderSecurityHub({
            root,
            status,
            actions: {
              setUpTotp: flow(async () => {
                const factorProof = await changeProof(root, status)
                const codes = await screen<string[]>((resolve, cancel) =>
                  renderTotpSetup({
                    root,
                    factors,
                    factorProof,
                    onDone: resolve,
                    onCancel: cancel,
                  }),
                )
                await showCodes(root, codes)
              }),
              removeTotp: flow(async () => {
                await factors.removeTotp(
                  await gate.challenge(root, status, { action: 'factors' }).proof,
                )
              }),
              addPasskey: flow(async () => {
                if (!passkeys) throw new FrameReplyError({ message: 'Passkeys are off here.' })
                const factorProof = await gate.forLoginMethod(root)
                const options = passkeys.registerOptions()
                options.catch(() => {})
                await screen<void>((done, cancel) =>
                  renderPasskeyScreen({
                    root,
                    mode: 'register',
                    onCancel: cancel,
                    onContinue: async () => {
                      await passkeys.registerWith(await options, factorProof)
                      done()
                    },
                  }),
                )
              }),
              newRecoveryCodes: flow(async () => {
                const proof = await gate.challenge(root, status, { action: 'factors' }).proof
                await showCodes(root, (await factors.newRecoveryCodes(proof)).recoveryCodes)
              }),
              exportKey: flow(() => exportKey(root, status)),
              devices: sealed && isSealed ? flow(() => manageDevices(root, sealed)) : undefined,
              ...(passkeys && status.passkeys > 0
                ? {
                    managePasskeys: flow(async () => {
                      let remove = () => {}
                      try {
                        await new Promise<void>((resolve, reject) => {
                          passkeys.manage
                            .show(root, () => resolve())
                            .then((remover) => {
                              remove = remover
                            }, reject)
                        })
                      } finally {
                        remove()
                      }
                    }),
                  }
                : {}),
              ...(importWallet
                ? {
                    importWallet: flow(async () => {
                      const prepared = await importWallet.prepare()
                      let remove = () => {}
                      try {
                        await new Promise<unknown>((resolve, reject) => {
                          remove = importWallet.show(root, prepared, resolve, (error) =>
                            reject(error ?? userRejected()),
                          )
                        })
                      } finally {
                        remove()
                      }
                    }),
                  }
                : {}),
              close: () => {
                closed = true
                done()
              },
            },
          })
          const alert = root.querySelector('[role="alert"]')
          if (error !== undefined && alert) alert.textContent = messageOf(error)
        }
        void hub()
        return () => {
          closed = true
          root.replaceChildren()
          root.dataset.state = 'idle'
        }
      })
      return undefined
    },
  }
}

/** The frame's security screens. */
export type Security = ReturnType<typeof createSecurity>
