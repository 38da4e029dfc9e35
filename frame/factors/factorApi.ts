import type { SecondFactorAction } from '../../src/errors/SecondFactorRequiredError'
import type { Api } from '../createApi'

/** GET /v1/factors: what the user has, and the project's policy (never a secret). */
export type FactorStatus = {
  totp: boolean
  passkeys: number
  recoveryCodes: number
  policy: {
    loginMethods: boolean
    signAbove: string | null
    /** The chain's token thresholds (lower-case address → smallest units), with `signAbove`. */
    tokenAbove?: Record<string, string> | undefined
  }
}

/** What a proof is for: one action and, for a transaction, its request hash. */
export type FactorScope = { action: SecondFactorAction; subject?: string | undefined }

/** The server calls of the security screens, for the frame's signed-in session. */
export function createFactorApi(api: Api, token: () => string | undefined) {
  const post = <T>(path: string, body: unknown) => api<T>(path, { body, token: token() })
  return {
    status: (chainId?: number) =>
      api<FactorStatus>(`/factors${chainId === undefined ? '' : `?chainId=${chainId}`}`, {
        token: token(),
      }),
    beginTotp: (factorProof?: string) =>
      post<{ secret: string; uri: string }>('/factors/totp/setup', { factorProof }),
    confirmTotp: (code: string) =>
      post<{ recoveryCodes: string[] }>('/factors/totp/confirm', { code }),
    removeTotp: (factorProof: string) => post('/factors/totp/remove', { factorProof }),
    newRecoveryCodes: (factorProof: string) =>
      post<{ recoveryCodes: string[] }>('/factors/recovery-codes', { factorProof }),
    passkeyOptions: (action: SecondFactorAction) =>
      post<{ challenge: string; rpId?: string; allowCredentials?: { id: string }[] }>(
        '/factors/passkey/options',
        { action },
      ),
    verify: (scope: FactorScope, answer: Record<string, unknown>) =>
      post<{ factorProof: string }>('/factors/verify', { ...scope, ...answer }),
    exportWallet: (factorProof: string) => post<WalletExport>('/export', { factorProof }),
  }
}

/** The frame's second-factor calls. */
export type FactorApi = ReturnType<typeof createFactorApi>

/** POST /v1/export (server/factors/exportWallet.ts). */
export type WalletExport = {
  address: string
  solana?: { address: string; secretKey: string }
} & (
  | { custody: 'server'; privateKey: `0x${string}` }
  | { custody: 'sealed'; serverShare: string; version: number; solanaAddress?: string }
)
