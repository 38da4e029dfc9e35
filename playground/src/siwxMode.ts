import { createLocalSiwxAdapter, type SiwxAdapter } from 'latchkey'

/** Sign-in in the playground: off unless `?siwx=optional` or `?siwx=required`. */
export type SiwxMode = 'off' | 'optional' | 'required'

export function readSiwxMode(search: string): SiwxMode {
  const value = new URLSearchParams(search).get('siwx')
  return value === 'required' ? 'required' : value === null || value === 'off' ? 'off' : 'optional'
}

/** The local adapter (no server: nonces in memory, sessions in localStorage), for demos only. */
export function createPlaygroundSiwx(mode: SiwxMode): SiwxAdapter | undefined {
  if (mode === 'off') return undefined
  return createLocalSiwxAdapter({
    statement: 'Sign in to the Latchkey Playground.',
    required: mode === 'required',
  })
}
