/** The part of the Web Storage API Latchkey uses (synchronous, string values). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/**
 * A key-value store whose calls may answer with promises and which serializes values itself,
 * such as wagmi's `config.storage`.
 */
export type AsyncStorageLike = {
  getItem(key: string): unknown
  setItem(key: string, value: never): unknown
  removeItem(key: string): unknown
}

/**
 * What checks a stored value: a zod schema, or a hand-written guard in the same shape (`asSchema`
 * in `src/schemas/guard.ts`, for records read on the modal's first open, where zod is not loaded).
 */
export interface StoredValueSchema<T = unknown> {
  safeParse(input: unknown): { success: true; data: T } | { success: false }
}

/** The schema of each key a validated storage keeps. */
export type StorageSchemas = Record<string, StoredValueSchema>

type Awaitable<T, Async extends boolean> = Async extends true ? Promise<T> : T

/** The value type kept under each key. */
export type StoredValues<S extends StorageSchemas> = {
  [K in keyof S]: S[K] extends StoredValueSchema<infer T> ? T : never
}

/** Typed values under fixed keys that never throws: reads are parsed, writes are checked. */
export interface ValidatedStorage<S extends StorageSchemas, Async extends boolean = false> {
  /** The value under `key`, or undefined when absent; a value failing its schema is removed. */
  get<K extends keyof S & string>(key: K): Awaitable<StoredValues<S>[K] | undefined, Async>
  /** Stores a value; one failing its schema is refused (nothing is written). */
  set<K extends keyof S & string>(key: K, value: StoredValues<S>[K]): Awaitable<void, Async>
  /** Removes the value under `key`. */
  remove(key: keyof S & string): Awaitable<void, Async>
}

/** Parameters of {@link createValidatedStorage}. */
export type CreateValidatedStorageParameters<S extends StorageSchemas, Async extends boolean> = {
  /** The schema of each key; a value failing it is never returned nor written. */
  schemas: S
  /**
   * `false`: a Web Storage, values written as JSON strings. `true`: a store that may answer with
   * promises and serializes values itself (wagmi's `config.storage`); every method returns a promise.
   * @default false
   */
  async?: Async | undefined
  /**
   * How a Web Storage holds values: `json` (any value, as a JSON string) or `text` (strings as
   * they are, for stores written before this helper existed; every schema must take strings).
   * Ignored with `async`.
   * @default 'json'
   */
  encoding?: 'json' | 'text' | undefined
  /**
   * Backing store, or a function returning it (read on first use, so SSR never touches it); none
   * (or a function returning none) keeps values in memory.
   * @default () => globalThis.localStorage
   */
  storage?:
    | (Async extends true ? AsyncStorageLike : StorageLike)
    | (() => (Async extends true ? AsyncStorageLike : StorageLike) | undefined)
    | null
    | undefined
  /** Prefix of every key in the backing store, joined with a dot (`latchkey` → `latchkey.<key>`). */
  prefix?: string | undefined
  /**
   * Called with a message when storage fails or holds an invalid value.
   * @default console.warn
   */
  onWarn?: ((message: string) => void) | undefined
}

type Backing = AsyncStorageLike

function memoryStorage(): Backing {
  const values = new Map<string, unknown>()
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  }
}

const then = <T, R>(value: T | Promise<T>, next: (value: T) => R | Promise<R>) =>
  value instanceof Promise ? value.then(next) : next(value)

/**
 * The one storage primitive: typed values under fixed keys, each parsed with its schema on
 * read and checked on write, that never throws. A failing backing store (private mode, blocked
 * third-party storage, full quota, a rejected promise) is swapped for memory with one warning;
 * a stored value failing its schema is dropped, removed and warned about; an invalid value is
 * refused with a warning.
 * @example
 * const storage = createValidatedStorage({ schemas: { theme: z.enum(['dark', 'light']) } })
 * storage.set('theme', 'dark')
 * storage.get('theme') // 'dark'
 */
export function createValidatedStorage<S extends StorageSchemas, Async extends boolean = false>(
  parameters: CreateValidatedStorageParameters<S, Async>,
): ValidatedStorage<S, Async> {
  const { schemas, async = false, prefix, encoding = 'json' } = parameters
  const source = parameters.storage === undefined ? defaultStorage : parameters.storage
  const warn = parameters.onWarn ?? ((message: string) => console.warn(message))
  let backing: Backing | undefined
  let fallenBack = false

  function fallBack(error: unknown): Backing {
    if (!fallenBack) warn(`Storage is unavailable; keeping values in memory. ${String(error)}`)
    fallenBack = true
    backing = memoryStorage()
    return backing
  }

  function resolve(): Backing {
    backing ??= ((typeof source === 'function' ? source() : source) ?? memoryStorage()) as Backing
    return backing
  }

  // Runs an operation on the backing store; a throw or a rejection runs it again in memory.
  function run<T>(operation: (store: Backing) => T | Promise<T>): T | Promise<T> {
    let result: T | Promise<T>
    try {
      result = operation(resolve())
    } catch (error) {
      return operation(fallBack(error))
    }
    return result instanceof Promise
      ? result.catch((error: unknown) => operation(fallBack(error)))
      : result
  }

  const keyOf = (key: string) => (prefix ? `${prefix}.${key}` : key)

  // Sync storage holds JSON strings; async storage (wagmi's) holds values and serializes itself.
  function decode(raw: unknown): { ok: true; value: unknown } | { ok: false } {
    if (async) return { ok: true, value: raw }
    if (encoding === 'text') return { ok: true, value: String(raw) }
    try {
      return { ok: true, value: JSON.parse(String(raw)) }
    } catch {
      return { ok: false }
    }
  }

  function get(key: string) {
    return then(
      run((store) => store.getItem(keyOf(key))),
      (raw): unknown => {
        if (raw === null || raw === undefined) return undefined
        const decoded = decode(raw)
        const result = decoded.ok ? schemas[key]?.safeParse(decoded.value) : undefined
        if (result?.success) return result.data
        warn(`Dropped a corrupted stored value for "${key}".`)
        return then(
          run((store) => store.removeItem(keyOf(key))),
          () => undefined,
        )
      },
    )
  }

  function set(key: string, value: unknown) {
    const result = schemas[key]?.safeParse(value)
    if (!result?.success) {
      warn(`Refused to store an invalid value for "${key}".`)
      return undefined
    }
    const written = async || encoding === 'text' ? result.data : JSON.stringify(result.data)
    return then(
      run((store) => store.setItem(keyOf(key), written as never)),
      () => undefined,
    )
  }

  function remove(key: string) {
    return then(
      run((store) => store.removeItem(keyOf(key))),
      () => undefined,
    )
  }

  const settle = async
    ? <T>(value: T | Promise<T>) => Promise.resolve(value)
    : <T>(value: T | Promise<T>) => value
  return {
    get: (key) => settle(get(key)),
    set: (key, value) => settle(set(key, value)),
    remove: (key) => settle(remove(key)),
  } as ValidatedStorage<S, Async>
}

function defaultStorage(): StorageLike | undefined {
  return globalThis.localStorage
}
