import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { frameThemeSchema } from './frameValues'
import { isCssColorLike, isOpaqueCssColor } from './isOpaqueCssColor'

describe('isOpaqueCssColor', () => {
  test('default: opaque hex, rgb() and hsl() pass', () => {
    for (const value of [
      '#fff',
      '#7C5CFF',
      'rgb(1, 2, 3)',
      'rgb(10 20 30)',
      'rgb(10% 20% 30%)',
      'hsl(120, 50%, 40%)',
      'hsl(120deg 50% 40%)',
    ])
      expect(isOpaqueCssColor(value), value).toBe(true)
  })

  test('behavior: anything that can be see-through is refused', () => {
    for (const value of [
      'transparent',
      'TRANSPARENT',
      'currentColor',
      '#0000',
      '#ffffff00',
      '#ffffffcc',
      'rgba(0, 0, 0, 0)',
      'rgba(255,255,255,0.02)',
      'rgb(0 0 0 / 0)',
      'rgb(0 0 0 / 50%)',
      'hsla(0, 0%, 0%, 0)',
      'hsl(0 0% 0% / 0.1)',
      'color-mix(in srgb, red 1%, transparent)',
      'oklch(50% 0.1 20 / 0.1)',
      'var(--x)',
      'initial',
      'inherit',
      'unset',
      'red',
      '',
    ])
      expect(isOpaqueCssColor(value), value).toBe(false)
  })

  test('behavior: any rgba()/hsla()/#rrggbbaa with an alpha is refused (property)', () => {
    const byte = fc.integer({ min: 0, max: 255 })
    fc.assert(
      fc.property(byte, byte, byte, fc.double({ min: 0, max: 1, noNaN: true }), (r, g, b, a) => {
        expect(isOpaqueCssColor(`rgba(${r}, ${g}, ${b}, ${a})`)).toBe(false)
        expect(isOpaqueCssColor(`rgb(${r} ${g} ${b} / ${a})`)).toBe(false)
        expect(isOpaqueCssColor(`hsla(${r}, ${g % 101}%, ${b % 101}%, ${a})`)).toBe(false)
        const hex = [r, g, b, Math.round(a * 255)].map((n) => n.toString(16).padStart(2, '0'))
        expect(isOpaqueCssColor(`#${hex.join('')}`)).toBe(false)
      }),
    )
  })

  test('default: colour-like values are recognised', () => {
    expect(isCssColorLike('transparent')).toBe(true)
    expect(isCssColorLike('rgba(0,0,0,0)')).toBe(true)
    expect(isCssColorLike('#000')).toBe(true)
    expect(isCssColorLike('12px')).toBe(false)
    expect(isCssColorLike('Inter, sans-serif')).toBe(false)
  })
})

describe('frameThemeSchema colours', () => {
  test('error: see-through accent, background, colorMix or w3m colours are refused', () => {
    for (const themeVariables of [
      { background: 'rgba(0, 0, 0, 0)' },
      { background: 'transparent' },
      { background: '#0000' },
      { accent: 'currentColor' },
      { colorMix: 'color-mix(in srgb, #fff 10%, transparent)' },
    ])
      expect(
        frameThemeSchema.safeParse({ themeMode: 'dark', themeVariables }).success,
        JSON.stringify(themeVariables),
      ).toBe(false)
    expect(
      frameThemeSchema.safeParse({
        themeMode: 'dark',
        w3mThemeVariables: { '--w3m-background': 'transparent' },
      }).success,
    ).toBe(false)
  })

  test('default: opaque colours and non-colour values still pass', () => {
    const result = frameThemeSchema.safeParse({
      themeMode: 'light',
      themeVariables: { accent: '#ff0066', background: 'rgb(255 255 255)', fontFamily: 'Inter' },
      w3mThemeVariables: { '--w3m-accent': '#7c3aed', '--w3m-font-size-master': '10px' },
    })
    expect(result.success).toBe(true)
  })
})
