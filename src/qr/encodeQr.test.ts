import { describe, expect, test } from 'vitest'
import { encodeQr } from './encodeQr'
import { qrPath } from './qrPath'

const wcUri = `wc:${'7f'.repeat(32)}@2?relay-protocol=irn&symKey=${'a1'.repeat(32)}&expiryTimestamp=1763740000`

type Reference = {
  create(
    segments: { data: string; mode: 'byte' }[],
    options: { errorCorrectionLevel: 'M'; maskPattern: number },
  ): { version: number; modules: { size: number; data: Uint8Array } }
}

// `qrcode` (MIT) is in the tree only as a dependency of WalletConnect's packages: a check, not a dependency.
async function loadReference(): Promise<Reference | undefined> {
  const name = 'qrcode'
  try {
    const module = (await import(/* @vite-ignore */ name)) as { default?: Reference } & Reference
    return module.default ?? module
  } catch {
    return undefined
  }
}

function finderAt(modules: boolean[][], x: number, y: number): boolean {
  for (let dy = 0; dy < 7; dy++)
    for (let dx = 0; dx < 7; dx++) {
      const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3))
      if (modules[y + dy]?.[x + dx] !== (ring !== 2)) return false
    }
  return true
}

describe('encodeQr', () => {
  test('default: a pairing URI fits version 10 (57 modules) with three finder patterns', () => {
    const qr = encodeQr(wcUri)
    expect(qr?.size).toBe(57)
    const modules = qr?.modules ?? []
    expect(finderAt(modules, 0, 0)).toBe(true)
    expect(finderAt(modules, 50, 0)).toBe(true)
    expect(finderAt(modules, 0, 50)).toBe(true)
    // the dark module beside the lower-left finder
    expect(modules[57 - 8]?.[8]).toBe(true)
  })

  test('behavior: the same modules as an independent encoder, for every mask and several versions', async () => {
    const reference = await loadReference()
    if (!reference) return console.warn('qrcode not installed: comparison skipped')
    for (const text of ['hello', wcUri, 'x'.repeat(400), 'ü'.repeat(600)]) {
      for (let mask = 0; mask < 8; mask++) {
        const expected = reference.create([{ data: text, mode: 'byte' }], {
          errorCorrectionLevel: 'M',
          maskPattern: mask,
        })
        const actual = encodeQr(text, mask)
        expect(actual?.size).toBe(expected.modules.size)
        const flat = (actual?.modules ?? []).flat().map((dark) => (dark ? 1 : 0))
        expect(flat.join('')).toBe(Array.from(expected.modules.data, (v) => (v ? 1 : 0)).join(''))
      }
    }
  })

  test('behavior: text longer than version 40 holds gives undefined', () => {
    expect(encodeQr('a'.repeat(2332))).toBeUndefined()
    expect(encodeQr('a'.repeat(2331))?.size).toBe(177)
  })
})

describe('qrPath', () => {
  test('default: merges horizontal runs and offsets by the margin', () => {
    const path = qrPath(
      {
        size: 3,
        modules: [
          [true, true, false],
          [false, false, false],
          [true, false, true],
        ],
      },
      2,
    )
    expect(path).toBe('M2 2h2v1h-2zM2 4h1v1h-1zM4 4h1v1h-1z')
  })
})
