import type { UniversalProvider } from '@walletconnect/universal-provider'

/** A started `@walletconnect/universal-provider` (its sign client, sessions, sub-providers). */
export type UniversalProviderInstance = Awaited<ReturnType<(typeof UniversalProvider)['init']>>
