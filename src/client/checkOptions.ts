import type { LatchkeyOptions } from '../schemas/options'
import type { LatchkeyClient } from './types'

/**
 * Validates `options` (the modal chunk's `parseOptions`: the chunk loads here) and reports invalid
 * ones as the client's `failure` while they are still its options. For development builds, so a
 * wrong option fails before anyone opens the modal; a production build leaves validation to the
 * modal chunk's first use and drops this call with its `process.env.NODE_ENV` branch. The schema
 * has no `import()` of its own: bundlers make a chunk of every `import()` they find, even in code
 * a production build drops, and each one splits the first bundle's shared modules further.
 */
export async function checkOptions(client: LatchkeyClient, options: LatchkeyOptions) {
  const chunk = await client.loadChunk().catch(() => undefined)
  try {
    chunk?.parseOptions(options)
  } catch (error) {
    if (client.options === options) client.fail({ error })
  }
}
