import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium } from 'playwright-core'
import { chromiumFlags } from '../browser'

/** Hosts the embedded bench may reach: loopback and the `.test` names mapped to it. */
const local = new Set(['127.0.0.1', 'localhost', '[::1]', 'dapp.test', 'wallet.test'])

export interface LabBrowser {
  context: BrowserContext
  /** Requests that named a host outside the machine (not intercepted: interception would add latency). */
  offLoopback: string[]
  close(): Promise<void>
}

/**
 * Chromium with DESIGN.md's flags plus the lab's (`args`), and partitioned third-party storage
 * (`--disable-features=TrackingProtection3pcd`, as Chrome stable today).
 */
export async function launchLabBrowser(args: string[]): Promise<LabBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'latchkey-bench-embedded-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...chromiumFlags, '--disable-features=TrackingProtection3pcd', ...args],
    viewport: { width: 1280, height: 800 },
  })
  context.setDefaultTimeout(15_000)
  // tsx compiles with keepNames: functions sent to the page or the frame may call `__name`.
  await context.addInitScript('globalThis.__name ??= (fn) => fn')
  const offLoopback: string[] = []
  context.on('request', (request) => {
    try {
      const url = new URL(request.url())
      if (['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol) && !local.has(url.hostname))
        offLoopback.push(url.href)
    } catch {
      // Not a URL: nothing left the machine.
    }
  })
  return {
    context,
    offLoopback,
    async close() {
      await context.close().catch(() => undefined)
      await rm(profile, { recursive: true, force: true }).catch(() => undefined)
    },
  }
}
