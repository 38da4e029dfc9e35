// WalletConnect's @walletconnect/environment reads Node's `global` unguarded (getBrowerCrypto).
// A module, imported first by main.tsx, not an inline <script>: the CSP allows none (plan G13).
const scope = globalThis as typeof globalThis & { global?: typeof globalThis }
scope.global ??= globalThis
