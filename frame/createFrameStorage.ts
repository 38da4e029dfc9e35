/** Key-value storage of the frame's own origin; never throws. */
export interface FrameStorage {
  get(key: string): string | undefined
  set(key: string, value: string): void
  remove(key: string): void
  /** Whether values survive a reload (false when the browser blocks third-party storage). */
  readonly persistent: boolean
}

const probeKey = 'latchkey.frame.probe'

function openLocalStorage(): Storage | undefined {
  try {
    // In a cross-site iframe with third-party storage blocked, even the getter throws SecurityError.
    const storage = window.localStorage
    storage.setItem(probeKey, '1')
    storage.removeItem(probeKey)
    return storage
  } catch {
    return undefined
  }
}

/**
 * localStorage of the frame origin (partitioned per top-level site where the browser allows),
 * with a memory fallback for every access (DESIGN.md: the frame works with no storage at all).
 */
export function createFrameStorage(): FrameStorage {
  const memory = new Map<string, string>()
  let local = openLocalStorage()
  return {
    get(key) {
      if (local)
        try {
          return local.getItem(key) ?? undefined
        } catch {
          local = undefined
        }
      return memory.get(key)
    },
    set(key, value) {
      memory.set(key, value)
      if (local)
        try {
          local.setItem(key, value)
        } catch {
          // Quota or a revoked permission: memory keeps it for this page's life.
        }
    },
    remove(key) {
      memory.delete(key)
      if (local)
        try {
          local.removeItem(key)
        } catch {
          // Same as set.
        }
    },
    get persistent() {
      return local !== undefined
    },
  }
}
