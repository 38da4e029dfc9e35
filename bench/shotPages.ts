/**
 * What the screenshot scripts (`bench/*Shots.ts`) share: the output folder from the command line,
 * the playground build (skipped with `--no-build`), and one fresh browser page per theme and
 * viewport, dark and light, desktop and mobile, with a `shot(view)` that saves
 * `{outDir}/{prefix}-{theme}-{viewport}-{view}.png` and prints its path.
 */
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { build as viteBuild } from 'vite'
import { launchBenchBrowser } from './browser'

process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true'

const repo = fileURLToPath(new URL('..', import.meta.url))

/** The repository's folder (the playground's build is under it). */
export const repoRoot = repo

/** The page of one theme and viewport, and its shot. */
export interface ShotPage {
  page: Page
  theme: 'dark' | 'light'
  viewport: 'desktop' | 'mobile'
  /** Saves a screenshot named `view` (after `settleMs`, default 450, for transitions to end). */
  shot(view: string): Promise<void>
}

/** Parameters of {@link forEachShotPage}. */
export interface ShotPagesParameters {
  /** The files' prefix: `receive` gives `receive-dark-desktop-account.png`. */
  prefix: string
  /** @default { width: 1280, height: 800 } */
  desktop?: { width: number; height: number }
  /** The page's default timeout. @default 15_000 */
  timeoutMs?: number
  /** Shoot only this element (e.g. the dialog); the whole page without it. */
  selector?: string
  /** @default 450 */
  settleMs?: number
}

/**
 * `[outDir] [--no-build]` from the command line: makes the output folder (default
 * .bench/screenshots) and builds the playground unless `--no-build`.
 */
export async function prepareShots(): Promise<string> {
  const out = resolve(
    process.argv.slice(2).find((a) => !a.startsWith('--')) ?? join(repo, '.bench/screenshots'),
  )
  mkdirSync(out, { recursive: true })
  if (!process.argv.includes('--no-build'))
    await viteBuild({ configFile: join(repo, 'playground/vite.config.ts'), logLevel: 'warn' })
  return out
}

/**
 * Runs `run` once per theme and viewport, each in a fresh browser: a failure is printed (and shot
 * as `failure`) and the next page goes on.
 */
export async function forEachShotPage(
  out: string,
  parameters: ShotPagesParameters,
  run: (shotPage: ShotPage) => Promise<void>,
): Promise<void> {
  const { prefix, timeoutMs = 15_000, selector, settleMs = 450 } = parameters
  const viewports = {
    desktop: parameters.desktop ?? { width: 1280, height: 800 },
    mobile: { width: 390, height: 844 },
  }
  for (const theme of ['dark', 'light'] as const) {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const browser = await launchBenchBrowser(viewports[viewport])
      const page = await browser.page()
      page.setDefaultTimeout(timeoutMs)
      const shot = async (view: string) => {
        await page.waitForTimeout(settleMs)
        const path = join(out, `${prefix}-${theme}-${viewport}-${view}.png`)
        if (selector) await page.locator(selector).screenshot({ path })
        else await page.screenshot({ path })
        process.stdout.write(`  ${path}\n`)
      }
      try {
        await run({ page, theme, viewport, shot })
      } catch (error) {
        process.stdout.write(
          `  ! ${theme}-${viewport}: ${(error as Error).message.split('\n')[0]}\n`,
        )
        await page
          .screenshot({ path: join(out, `${prefix}-${theme}-${viewport}-failure.png`) })
          .catch(() => undefined)
      } finally {
        await browser.close()
      }
    }
  }
}
