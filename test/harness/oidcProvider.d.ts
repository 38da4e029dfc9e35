// The part of `oidc-provider` (9.x, which ships no types) the test harness uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  interface Interaction {
    uid: string
    params: Record<string, unknown>
  }
  interface Account {
    accountId: string
    claims(): Record<string, unknown>
  }
  interface Grant {
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }
  interface Configuration {
    clients: Record<string, unknown>[]
    pkce?: { required(): boolean }
    claims?: Record<string, string[]>
    features?: Record<string, unknown>
    interactions?: { url(ctx: unknown, interaction: Interaction): string }
    cookies?: { keys: string[] }
    ttl?: Record<string, number>
    findAccount(ctx: unknown, sub: string): Account | undefined
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration)
    proxy: boolean
    Grant: new (params: {
      accountId: string
      clientId: string
    }) => Grant
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
  }
}
