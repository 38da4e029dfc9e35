import { createStorage, type Storage } from 'wagmi'

/**
 * wagmi's storage over `localStorage` that survives blocked or full storage (plan G7, G8):
 * wagmi's default reads `window.localStorage` when the config is created (a throwing getter
 * stops the app there) and lets `getItem`/`removeItem` throw into `connect`. Here each call that
 * throws is answered from memory instead, so the app keeps working for the session.
 */
export function resilientStorage(): Storage {
  const memory = new Map<string, string>()
  const local = (): globalThis.Storage | undefined => {
    try {
      return globalThis.localStorage
    } catch {
      return undefined
    }
  }
  return createStorage({
    storage: {
      getItem(key) {
        try {
          const value = local()?.getItem(key)
          if (value !== undefined && value !== null) return value
        } catch {}
        return memory.get(key) ?? null
      },
      setItem(key, value) {
        memory.set(key, value)
        try {
          local()?.setItem(key, value)
        } catch {}
      },
      removeItem(key) {
        memory.delete(key)
        try {
          local()?.removeItem(key)
        } catch {}
      },
    },
  })
}
