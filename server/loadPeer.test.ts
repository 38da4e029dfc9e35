import { expect, test } from 'vitest'
import { loadPeer } from './loadPeer'

test('default: loads an installed package', async () => {
  const hono = await loadPeer('hono', () => import('hono'))
  expect(typeof hono.Hono).toBe('function')
})

test('behavior: a missing package becomes MissingPeerDependencyError naming it', async () => {
  const name = 'latchkey-missing-peer-for-test'
  const error = await loadPeer(name, () => import(/* @vite-ignore */ name)).catch(
    (error: unknown) => error,
  )
  expect(error).toMatchObject({
    name: 'MissingPeerDependencyError',
    packageName: name,
    shortMessage: `Package "${name}" is not installed.`,
    metaMessages: [`Install it next to latchkey: npm install ${name}`],
  })
})

test('behavior: other failures pass through', async () => {
  const failure = new TypeError('boom')
  await expect(loadPeer('hono', () => Promise.reject(failure))).rejects.toBe(failure)
})
