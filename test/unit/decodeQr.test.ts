import { describe, expect, test } from 'vitest'
import { encodeQr } from '../../src/qr/encodeQr'
import { decodeQr, readQrImage } from '../harness/decodeQr'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('decodeQr (test reader)', () => {
  test('default: reads back what the encoder wrote, for every mask and several versions', () => {
    for (const text of [address, 'hello', 'x'.repeat(400), 'ü'.repeat(600), 'a'.repeat(2331)])
      for (let mask = 0; mask < 8; mask++) {
        const qr = encodeQr(text, mask)
        expect(qr).toBeDefined()
        expect(decodeQr(qr?.modules ?? [])).toBe(text)
      }
  })

  test('error: a flipped data module fails the Reed–Solomon check', () => {
    const modules = (encodeQr(address)?.modules ?? []).map((row) => [...row])
    const row = modules[15] ?? []
    row[12] = !row[12]
    expect(() => decodeQr(modules)).toThrow(/Reed–Solomon/)
  })

  test('error: a matrix that is no QR size is refused', () => {
    expect(() => decodeQr([[true]])).toThrow(/no QR size/)
  })

  test('behavior: readQrImage samples a scaled, offset bitmap back to the modules', () => {
    const qr = encodeQr(address)
    if (!qr) throw new Error('no code')
    const scale = 7
    const pad = 13
    const width = qr.size * scale + pad * 2
    const rgba = new Uint8Array(width * width * 4).fill(255)
    for (let y = 0; y < width; y++)
      for (let x = 0; x < width; x++) {
        const mx = Math.floor((x - pad) / scale)
        const my = Math.floor((y - pad) / scale)
        if (qr.modules[my]?.[mx]) rgba.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3)
      }
    expect(decodeQr(readQrImage(rgba, width, width))).toBe(address)
  })
})
