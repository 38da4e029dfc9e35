import { expect, test } from 'vitest'
import { closest, editDistance } from './closest'

test('default: edit distance counts insertions, deletions and substitutions', () => {
  expect(editDistance('port', 'port')).toBe(0)
  expect(editDistance('prot', 'port')).toBe(2)
  expect(editDistance('serv', 'serve')).toBe(1)
  expect(editDistance('', 'abc')).toBe(3)
})

test('behavior: a close flag or command is suggested, a far one is not', () => {
  const flags = ['port', 'host', 'smtp', 'master-key', 'siwx-domain', 'db']
  expect(closest('prot', flags)).toBe('port')
  expect(closest('masterKey', flags)).toBe('master-key')
  expect(closest('smtp-url', flags)).toBe('smtp')
  expect(closest('siwx-domian', flags)).toBe('siwx-domain')
  expect(closest('verbose', flags)).toBeUndefined()
  expect(closest('srve', ['serve', 'help', 'version'])).toBe('serve')
})
