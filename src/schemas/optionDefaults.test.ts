import { describe, expect, test } from 'vitest'
import { resolveClientOptions } from '../client/resolveClientOptions'
import { optionDefaults } from './optionDefaults'
import { parseOptions } from './parseOptions'

describe('optionDefaults', () => {
  test('default: the schema fills in every default from optionDefaults', () => {
    const { themeVariables, ...rest } = optionDefaults
    const parsed = parseOptions({})
    expect(parsed).toMatchObject(rest)
    expect(parsed.themeVariables).toMatchObject(themeVariables)
  })

  test('behavior: the first bundle reads the same flags as the schema, before it loads', () => {
    const parsed = parseOptions({})
    expect(resolveClientOptions({})).toEqual({
      enableEmbedded: parsed.enableEmbedded,
      manualWCControl: parsed.manualWCControl,
      enableNetworkSwitch: parsed.enableNetworkSwitch,
      allowUnsupportedChain: parsed.allowUnsupportedChain,
    })
    expect(resolveClientOptions({ enableNetworkSwitch: 'yes' as never }).enableNetworkSwitch).toBe(
      true,
    )
  })
})
