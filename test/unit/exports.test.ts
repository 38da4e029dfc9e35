import { expect, test } from 'vitest'

// The public API of each entry. A change here is a change users see: update with `vitest run -u`
// only on purpose, and note it in CHANGELOG.md.
async function exportNames(load: () => Promise<Record<string, unknown>>) {
  return Object.keys(await load()).sort()
}

test('latchkey', async () => {
  expect(await exportNames(() => import('../../src/index'))).toMatchInlineSnapshot()
})

test('latchkey/connectors', async () => {
  expect(await exportNames(() => import('../../connectors/index'))).toMatchInlineSnapshot(`
    [
      "getWalletList",
    ]
  `)
})

test('latchkey/react', async () => {
  expect(await exportNames(() => import('../../ui/index'))).toMatchInlineSnapshot()
})
