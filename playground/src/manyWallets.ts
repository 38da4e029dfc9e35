const hues = [262, 200, 150, 30, 340, 90, 0, 280, 180, 50]

function icon(index: number): string {
  const hue = hues[index % hues.length] ?? 262
  const label = String(index % 100).padStart(2, '0')
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="16" fill="hsl(${hue} 70% 45%)"/>` +
    `<text x="32" y="41" font-family="sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${label}</text>` +
    `</svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

/** `count` custom wallets named `Playground Wallet 1` … with small generated data: SVG icons. */
export function manyWallets(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: `playground-wallet-${i + 1}`,
    name: `Playground Wallet ${i + 1}`,
    homepage: `https://example.com/wallets/${i + 1}`,
    imageUrl: icon(i + 1),
  }))
}
