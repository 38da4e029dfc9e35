import type { ImageKind } from '../imageSource'

// Our own plain pictures for the sample registry: a rounded square and a few shapes, no text
// (no font to depend on). Made for Latchkey; replace them with your wallets' logos.
const tile = (background: string, shapes: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="22" fill="${background}"/>${shapes}</svg>`

const disc = (background: string, shapes: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${background}"/>${shapes}</svg>`

/** The sample registry's images by kind and id (SVG text). */
export const sampleImages: Readonly<Record<ImageKind, Readonly<Record<string, string>>>> = {
  wallets: {
    'lantern-logo': tile(
      '#f4a340',
      '<rect x="36" y="18" width="24" height="8" rx="3" fill="#5b3200"/><rect x="30" y="28" width="36" height="44" rx="10" fill="#fff6e0"/><circle cx="48" cy="50" r="9" fill="#f4a340"/>',
    ),
    'harbor-logo': tile(
      '#1f5fa8',
      '<circle cx="48" cy="28" r="7" fill="none" stroke="#fff" stroke-width="5"/><path d="M48 35v36M26 58c4 10 12 14 22 14s18-4 22-14" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/>',
    ),
    'quill-logo': tile(
      '#2e2a4f',
      '<path d="M70 20C50 24 34 40 28 70l6 2c4-10 10-18 18-24 8-6 14-14 18-28z" fill="#c9b8ff"/>',
    ),
    'mosaic-logo': tile(
      '#0f8a6c',
      '<rect x="20" y="20" width="26" height="26" rx="4" fill="#d7fff3"/><rect x="50" y="20" width="26" height="26" rx="4" fill="#7fe3c6"/><rect x="20" y="50" width="26" height="26" rx="4" fill="#7fe3c6"/><rect x="50" y="50" width="26" height="26" rx="4" fill="#d7fff3"/>',
    ),
    'tern-logo': tile(
      '#e8eef5',
      '<path d="M16 46c12-10 22-12 32-4 10-8 20-6 32 4-12-2-22 2-32 14-10-12-20-16-32-14z" fill="#33475b"/>',
    ),
    'birch-logo': tile(
      '#f2f0e6',
      '<rect x="40" y="14" width="16" height="68" rx="4" fill="#fff" stroke="#3b3b3b" stroke-width="3"/><path d="M42 30h8M46 46h8M42 62h7" stroke="#3b3b3b" stroke-width="4" stroke-linecap="round"/>',
    ),
  },
  assets: {
    'eip155-1': disc(
      '#5c6bc0',
      '<path d="M32 10l14 22-14 8-14-8z M32 44l14-9-14 19-14-19z" fill="#fff"/>',
    ),
    'eip155-8453': disc('#1d4ed8', '<circle cx="32" cy="32" r="16" fill="#fff"/>'),
  },
  currencies: {
    usd: disc('#2e7d32', '<rect x="18" y="22" width="28" height="20" rx="3" fill="#c8e6c9"/>'),
    eur: disc(
      '#1565c0',
      '<circle cx="32" cy="32" r="14" fill="none" stroke="#ffeb3b" stroke-width="4" stroke-dasharray="3 5"/>',
    ),
  },
  tokens: {
    eth: disc(
      '#424242',
      '<path d="M32 10l12 21-12 7-12-7z M32 42l12-8-12 18-12-18z" fill="#e0e0e0"/>',
    ),
    usdc: disc(
      '#1976d2',
      '<circle cx="32" cy="32" r="15" fill="none" stroke="#fff" stroke-width="5"/>',
    ),
  },
}
