import { inject as vitestInject } from 'vitest'
import type { E2eEnvironment } from './globalSetup'

/**
 * What globalSetup started for this worker: its playground URL, anvil RPC URLs or relay. Each
 * e2e worker (`VITEST_POOL_ID`, from 1) has its own set, so two files never share a chain.
 */
export function inject<K extends keyof E2eEnvironment>(key: K): E2eEnvironment[K] {
  const environments = vitestInject('environments')
  const index = (Number(process.env.VITEST_POOL_ID) || 1) - 1
  const environment = environments[index % environments.length]
  if (!environment) throw new Error('no e2e environment: run with the e2e or consumers project')
  return environment[key]
}
