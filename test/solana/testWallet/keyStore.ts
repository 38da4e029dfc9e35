/**
 * The wallet's Ed25519 key: generated in WebCrypto with the private key non-extractable, kept in
 * IndexedDB (a `CryptoKey` survives structured cloning, so the key lives across reloads without
 * its bytes ever being readable by script).
 */
const DB = 'latchkey-solana-testwallet'
const STORE = 'keys'
const ID = 'main'

function request<T>(operation: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result)
    operation.onerror = () => reject(operation.error)
  })
}

async function open(): Promise<IDBDatabase> {
  const opening = indexedDB.open(DB, 1)
  opening.onupgradeneeded = () => opening.result.createObjectStore(STORE)
  return request(opening)
}

/** The stored key pair, or a new one (stored for the next load). */
export async function loadOrCreateKeyPair(): Promise<CryptoKeyPair> {
  let db: IDBDatabase | undefined
  try {
    db = await open()
    const read = db.transaction(STORE, 'readonly').objectStore(STORE).get(ID)
    const stored = (await request(read)) as CryptoKeyPair | undefined
    if (stored?.privateKey && stored.publicKey) return stored
  } catch {
    // No IndexedDB (an opaque origin): a key for this page only.
  }
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, [
    'sign',
    'verify',
  ])) as CryptoKeyPair
  if (db) {
    const write = db.transaction(STORE, 'readwrite').objectStore(STORE).put(pair, ID)
    await request(write).catch(() => undefined)
  }
  return pair
}
