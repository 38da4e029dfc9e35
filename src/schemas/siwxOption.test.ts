import { describe, expect, test } from 'vitest'
import { createLocalSiwxAdapter } from '../siwx/createLocalSiwxAdapter'
import { parseOptions } from './parseOptions'
import { isSiwxRequired } from './siwxOption'

const adapter = createLocalSiwxAdapter({
  getOrigin: () => ({ domain: 'dapp.test', uri: 'https://dapp.test/' }),
})

function message(siwx: unknown): string {
  try {
    parseOptions({ siwx } as never)
  } catch (error) {
    return (error as Error).message.split('\n')[0] as string
  }
  return 'valid'
}

describe('options.siwx', () => {
  test('default: the adapter passes through as the same object', () => {
    expect(parseOptions({ siwx: adapter }).siwx).toBe(adapter)
    expect(parseOptions({}).siwx).toBeUndefined()
  })

  test('behavior: a class instance keeps its prototype methods', () => {
    class Adapter {
      getNonce = adapter.getNonce
      createMessage = adapter.createMessage
      addSession = adapter.addSession
      getSessions = adapter.getSessions
      revokeSession = adapter.revokeSession
      setSessions() {
        return Promise.resolve()
      }
    }
    const instance = new Adapter()
    expect(parseOptions({ siwx: instance }).siwx).toBe(instance)
  })

  test('behavior: a missing or wrong member is named', () => {
    expect(message({ ...adapter, getNonce: undefined })).toMatchInlineSnapshot(
      `"Invalid option "siwx.getNonce": Expected function, received undefined."`,
    )
    expect(message({ ...adapter, setSessions: 'x' })).toMatchInlineSnapshot(
      `"Invalid option "siwx.setSessions": Expected function, received string."`,
    )
    expect(message({ ...adapter, required: 'yes' })).toMatchInlineSnapshot(
      `"Invalid option "siwx.required": Expected boolean, received string."`,
    )
    expect(message({ ...adapter, getRequired: true })).toMatchInlineSnapshot(
      `"Invalid option "siwx.getRequired": Expected function, received boolean."`,
    )
    expect(message(5)).toMatchInlineSnapshot(
      `"Invalid option "siwx": Expected an object implementing SiwxAdapter."`,
    )
    expect(message(null)).toMatchInlineSnapshot(
      `"Invalid option "siwx": Expected an object implementing SiwxAdapter."`,
    )
  })

  test('behavior: required comes from the flag, else getRequired(), else false', () => {
    expect(isSiwxRequired(adapter)).toBe(false)
    expect(isSiwxRequired({ ...adapter, required: true })).toBe(true)
    expect(isSiwxRequired({ ...adapter, getRequired: () => true })).toBe(true)
    expect(isSiwxRequired({ ...adapter, getRequired: () => true, required: false })).toBe(false)
  })
})
