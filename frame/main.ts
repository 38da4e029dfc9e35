import './configureZod'
import { createOriginPolicy } from '../src/frame/originPolicy'
import { version } from '../src/version'
import { applyTheme } from './applyTheme'
import { createApi } from './createApi'
import { createApprovalQueue } from './createApprovalQueue'
import { canProveVisibility } from './createClickGuard'
import { createDeviceKeyStore } from './createDeviceKeyStore'
import { createFrameSession } from './createFrameSession'
import { createFrameStorage } from './createFrameStorage'
import { createMessageListener } from './createMessageListener'
import { createRequestHandler } from './createRequestHandler'
import { createSecurity } from './factors/createSecurity'
import { createFactorApi } from './factors/factorApi'
import { createFactorGate } from './factors/factorGate'
import { createWalletImport } from './importWallet/createWalletImport'
import { createLogins } from './logins/createLogins'
import { createPasskeys } from './passkey/createPasskeys'
import { readFrameConfig } from './readFrameConfig'
import { resolveParentOrigins } from './resolveParentOrigin'
import { createRecoverySetup } from './sealed/createRecoverySetup'
import { createSealedCustody } from './sealed/createSealedCustody'
import { createShareStore } from './sealed/createShareStore'
import './frame.css'

function refuse(root: HTMLElement, reason: string) {
  root.dataset.state = 'refused'
  root.dataset.reason = reason
  root.textContent = 'This wallet page only runs inside an allowed app.'
}

async function isAllowed(projectId: string, origins: readonly string[]): Promise<boolean> {
  try {
    const response = await fetch(`/v1/origins?projectId=${encodeURIComponent(projectId)}`, {
      credentials: 'omit',
      cache: 'no-store',
    })
    if (!response.ok) return false
    const { allowedOrigins } = (await response.json()) as { allowedOrigins?: unknown }
    if (!Array.isArray(allowedOrigins)) return false
    const patterns = allowedOrigins.filter((item): item is string => typeof item === 'string')
    const policy = createOriginPolicy({ [projectId]: patterns })
    return origins.every((origin) => policy.isOriginAllowed(projectId, origin))
  } catch {
    // Unreadable policy or an invalid pattern: fail closed.
    return false
  }
}

async function start(root: HTMLElement) {
  const config = readFrameConfig(location.search)
  const log = (text: string) => {
    if (config.enableLogger) console.info(`[latchkey frame] ${text}`)
  }
  // DESIGN.md: CSP frame-ancestors blocks other parents; this is the second check, in code.
  const origins = resolveParentOrigins()
  if (!origins) return refuse(root, 'no-parent')
  if (!(await isAllowed(config.projectId, origins.ancestors)))
    return refuse(root, 'origin-not-allowed')
  const parentOrigin = origins.parent
  const post = (message: Record<string, unknown>) =>
    window.parent.postMessage(message, parentOrigin)
  const session = createFrameSession(createFrameStorage(), config.chainId, createDeviceKeyStore())
  // The stored token counts only with its device key (IndexedDB); otherwise a clean sign-in.
  await session.restore()
  let dappName: string | undefined
  const approvals = createApprovalQueue({
    root,
    origin: parentOrigin,
    dappName: () => dappName,
    // Where the browser cannot prove the screen is visible (no IntersectionObserver v2), or the
    // host asked for it, the visitor decides in the wallet's own popup.
    mode: () =>
      !canProveVisibility() ? 'popup' : config.popupApprovals ? 'popup-requested' : 'frame',
    themeMode: () => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'),
    notify: (type, id, popup) => post({ type, payload: popup ? { id, popup } : { id } }),
  })
  const api = createApi(() => session.key)
  const shares = createShareStore()
  const sealed = createSealedCustody({
    api,
    session,
    projectId: config.projectId,
    shares,
  })
  const projectId = config.projectId === '*' ? undefined : config.projectId
  const factorGate = createFactorGate({
    factors: createFactorApi(api, () => session.token),
    projectId,
  })
  const passkeys = createPasskeys({ api, session, approvals, sealed, projectId, factorGate })
  const importWallet =
    config.projectId === '*'
      ? undefined
      : createWalletImport({
          api,
          session,
          approvals,
          shares,
          projectId: config.projectId,
          factorGate,
        })
  const handle = createRequestHandler({
    api,
    session,
    projectId,
    sealed,
    recoverySetup: createRecoverySetup({ custody: sealed, approvals, session }),
    passkeys,
    factorGate,
    security: createSecurity({
      gate: factorGate,
      session,
      approvals,
      sealed,
      passkeys,
      importWallet,
    }),
    logins: createLogins({ api, session, approvals, parentOrigin, projectId, gate: factorGate }),
    importWallet,
    approvals,
    applyTheme,
    setDappData: (metadata) => {
      dappName = metadata.name
    },
    reload: () => setTimeout(() => location.reload(), 0),
    parentOrigin,
  })
  const listener = createMessageListener({ parentOrigin, handle, post, log })
  window.addEventListener('message', listener.onMessage)
  root.dataset.state = 'idle'
  root.dataset.storage = session.persistent ? 'persistent' : 'memory'
  log(`ready for ${parentOrigin} (storage: ${root.dataset.storage})`)
  post({ type: 'READY', payload: { version } })
}

const root = document.getElementById('latchkey-frame')
if (root) void start(root)
