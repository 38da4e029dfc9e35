import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { setupE2e } from '../harness/fixtures'
import { byTestId, modal, openPlayground, waitForView } from '../harness/page'
import { type DirectoryGate, startDirectoryGate } from '../harness/startDirectoryGate'
import { startTestServer, type TestServer } from '../harness/startTestServer'

// The playground with `?directory=`: a real `latchkey serve` (SQLite, `directory: {}`: the sample
// registry) behind a loopback gate the test can close, as a directory that goes down.
const e2e = setupE2e()
let server: TestServer
let gate: DirectoryGate

beforeAll(async () => {
  server = await startTestServer({ directory: {} })
  gate = await startDirectoryGate(server.url)
})

afterAll(async () => {
  await gate?.close()
  await server?.close()
})

beforeEach(() => gate.up())

const labels = (page: Parameters<typeof modal>[0]) =>
  modal(page).locator('[data-lk-virtual-list] [data-lk-row-label]').allTextContents()

async function openAllWallets(page: Parameters<typeof modal>[0], url: string) {
  await openPlayground(page, `${url}/?directory=${encodeURIComponent(gate.url)}`)
  await byTestId(page, 'connect-button').click()
  await byTestId(page, 'all-wallets').click()
  await waitForView(page, 'AllWallets')
}

describe('AllWallets with a wallet directory', () => {
  test('default: search finds a wallet of the registry; choosing it opens WalletConnect', async () => {
    const { page, url, browser } = e2e()
    await openAllWallets(page, url)
    await byTestId(page, 'wallet-example.lantern-wallet').waitFor({ timeout: 15_000 })
    await byTestId(page, 'wallet-search').pressSequentially('quill', { delay: 40 })
    await expect.poll(() => labels(page), { timeout: 10_000 }).toEqual(['Quill Pay'])
    const searched = gate.requests.filter((r) => r.searchParams.has('search'))
    expect(searched.map((r) => r.searchParams.get('search'))).toEqual(['quill'])

    await byTestId(page, 'wallet-quill-pay').click()
    await waitForView(page, 'ConnectingWalletConnect')
    await expect.poll(() => modal(page).locator('[data-lk-title]').textContent()).toBe('Quill Pay')
    expect(browser.pageErrors()).toEqual([])
  })

  test('error: I1 a directory that is down shows an error and Retry, never an empty list; Retry reads it', async () => {
    const { page, url, browser } = e2e()
    gate.down()
    await openAllWallets(page, url)
    const error = byTestId(page, 'directory-error')
    await error.waitFor({ timeout: 15_000 })
    expect(await error.textContent()).toBe('The wallet list could not be loaded.')
    expect(await modal(page).getByText('No wallet found').count()).toBe(0)
    // the app's own wallets are still there to connect
    expect(await labels(page)).toEqual(['WalletConnect', 'Latchkey Test Wallet'])

    gate.up()
    await byTestId(page, 'directory-retry').click()
    await byTestId(page, 'wallet-example.harbor-wallet').waitFor({ timeout: 15_000 })
    expect(await byTestId(page, 'directory-error').count()).toBe(0)

    // down again while searching: the search says so, and Retry searches again
    gate.down()
    await byTestId(page, 'wallet-search').fill('birch')
    await error.waitFor({ timeout: 15_000 })
    expect(await error.textContent()).toBe('The wallet list could not be searched.')
    gate.up()
    await byTestId(page, 'directory-retry').click()
    await expect.poll(() => labels(page), { timeout: 10_000 }).toEqual(['Birchkey'])
    expect(browser.pageErrors()).toEqual([])
  })
})
