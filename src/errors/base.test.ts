import { describe, expect, test } from 'vitest'
import { BaseError } from './base'

describe('BaseError', () => {
  test('default', () => {
    const error = new BaseError('Something failed.')
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('BaseError')
    expect(error.shortMessage).toBe('Something failed.')
    expect(error.version).toBe('latchkey@0.1.0')
    expect(error.message).toMatchInlineSnapshot(`
      "Something failed.

      Version: latchkey@0.1.0"
    `)
  })

  test('parameters: metaMessages, details, docsPath', () => {
    const error = new BaseError('Something failed.', {
      details: 'The wallet said no.',
      docsPath: '/errors.md#something',
      metaMessages: ['Chain: 1', 'Wallet: Test'],
    })
    expect(error.details).toBe('The wallet said no.')
    expect(error.docsPath).toBe('/errors.md#something')
    expect(error.metaMessages).toEqual(['Chain: 1', 'Wallet: Test'])
    expect(error.message).toMatchInlineSnapshot(`
      "Something failed.

      Chain: 1
      Wallet: Test

      Docs: node_modules/latchkey/docs/errors.md#something
      Details: The wallet said no.
      Version: latchkey@0.1.0"
    `)
  })

  test('parameters: cause (Error)', () => {
    const cause = new Error('socket hang up')
    const error = new BaseError('Request failed.', { cause, details: 'ignored' })
    expect(error.cause).toBe(cause)
    expect(error.details).toBe('socket hang up')
    expect(error.message).toMatchInlineSnapshot(`
      "Request failed.

      Details: socket hang up
      Version: latchkey@0.1.0"
    `)
  })

  test('parameters: cause (BaseError) passes details and docsPath up', () => {
    const cause = new BaseError('Inner.', { details: 'inner details', docsPath: '/inner' })
    const error = new BaseError('Outer.', { cause, docsPath: '/outer' })
    expect(error.details).toBe('inner details')
    expect(error.docsPath).toBe('/inner')
  })

  test('parameters: name', () => {
    expect(new BaseError('x', { name: 'CustomError' }).name).toBe('CustomError')
  })

  test('behavior: empty short message', () => {
    expect(new BaseError('').message.split('\n')[0]).toBe('An error occurred.')
  })

  test('behavior: walk', () => {
    const root = new Error('root')
    const middle = new BaseError('middle', { cause: root })
    const top = new BaseError('top', { cause: middle })
    expect(top.walk()).toBe(root)
    expect(top.walk((error) => error instanceof BaseError && error.shortMessage === 'middle')).toBe(
      middle,
    )
    expect(top.walk(() => false)).toBeNull()
  })
})
