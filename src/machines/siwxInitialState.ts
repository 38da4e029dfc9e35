import type { SiwxState } from './siwx'

/** Parameters of {@link initialSiwxState}. */
export type InitialSiwxStateParameters = {
  /** @default false */
  required?: boolean | undefined
  /** @default true */
  signOutOnDisconnect?: boolean | undefined
}

/** The state a sign-in flow starts in: nothing connected, nothing to sign. */
export function initialSiwxState(parameters: InitialSiwxStateParameters = {}): SiwxState {
  return {
    status: 'idle',
    required: parameters.required ?? false,
    signOutOnDisconnect: parameters.signOutOnDisconnect ?? true,
    connection: undefined,
    session: undefined,
    error: undefined,
    attempt: 0,
    promptId: 0,
    signOuts: [],
    prompt: false,
    closeBlocked: false,
    shouldDisconnect: false,
    resetToConnect: false,
    result: undefined,
  }
}
