import type { HttpBindings } from '@hono/node-server'
import type { Auth } from '../auth/sessions'

/** Hono environment of the app: Node bindings (socket address) and the signed-in session. */
export type AppEnv = {
  Bindings: Partial<HttpBindings>
  Variables: { auth: Auth }
}
