import { expect, test } from 'vitest'
import { parseCliArgs } from '../cli/parseCliArgs'
import { parseServerOptions } from '../options'
import { custodyModeOf } from './custodyMode'

test('default: server custody for every project', () => {
  const { custody } = parseServerOptions({})
  expect(custody).toBe('server')
  expect(custodyModeOf(custody, 'shop')).toBe('server')
  expect(custodyModeOf(custody, undefined)).toBe('server')
})

test('parameters: one mode, or a mode per project with a fallback', () => {
  expect(custodyModeOf('sealed', 'shop')).toBe('sealed')
  const perProject = { shop: 'sealed', '*': 'server' } as const
  expect(custodyModeOf(perProject, 'shop')).toBe('sealed')
  expect(custodyModeOf(perProject, 'other')).toBe('server')
  expect(custodyModeOf({ shop: 'sealed' }, 'other')).toBe('server')
  expect(custodyModeOf({ '*': 'sealed' }, undefined)).toBe('sealed')
  // An inherited name is not a project.
  expect(custodyModeOf({ '*': 'sealed' }, 'toString')).toBe('sealed')
})

test('behavior: latchkey serve --custody', () => {
  const options = (...argv: string[]) => {
    const parsed = parseCliArgs(['serve', ...argv])
    if (parsed.command !== 'serve') throw new TypeError('not serve')
    return parseServerOptions(parsed.options).custody
  }
  expect(options('--custody', 'sealed')).toBe('sealed')
  expect(options('--custody', 'sealed', '--custody', 'legacy=server')).toEqual({
    '*': 'sealed',
    legacy: 'server',
  })
  expect(() => options('--custody', 'vault')).toThrowErrorMatchingInlineSnapshot(`
    [OptionsValidationError: Invalid option "custody": Expected "server" | "sealed" or record, received string.

    Docs: node_modules/latchkey/docs/errors.md#options
    Version: latchkey@0.1.0]
  `)
})
