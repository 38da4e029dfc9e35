/**
 * Stands in for `@reown/appkit/core`. `@walletconnect/ethereum-provider` imports it with
 * `import()` only for its QR modal (`showQrModal: true`), which Latchkey never turns on: our
 * modal draws the QR code. The alias keeps AppKit (a restrictive licence) out of the build.
 */
export {}
