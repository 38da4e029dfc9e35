// WalletConnect's SDK reads Node's `global` unguarded (the README's Vite note): a module imported
// first, which a strict Content-Security-Policy allows.
const scope = globalThis as typeof globalThis & { global?: typeof globalThis }
scope.global ??= globalThis
