import { SocialProviderError } from '../../src/errors/SocialProviderError'

const maxBytes = 1024 * 1024

/** An answer of a provider: its status and its JSON (or form-encoded) body. */
export interface ProviderAnswer {
  status: number
  body: unknown
}

function parseBody(text: string, type: string): unknown {
  // GitHub's token endpoint answers form-encoded unless asked for JSON; read both.
  if (/application\/x-www-form-urlencoded/i.test(type))
    return Object.fromEntries(new URLSearchParams(text))
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * One call to a provider's endpoint: a deadline, no redirects followed, at most 1 MiB read.
 * Network failures and timeouts throw `SocialProviderError` naming `step`.
 */
export async function providerFetch(
  url: string,
  init: RequestInit & { timeoutMs: number; step: string },
): Promise<ProviderAnswer> {
  const { timeoutMs, step, ...rest } = init
  let response: Response
  try {
    response = await fetch(url, {
      ...rest,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (cause) {
    throw new SocialProviderError({ reason: `${step}: the provider did not answer.`, cause })
  }
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > maxBytes)
    throw new SocialProviderError({ reason: `${step}: the answer is larger than 1 MiB.` })
  const text = await response.text()
  if (text.length > maxBytes)
    throw new SocialProviderError({ reason: `${step}: the answer is larger than 1 MiB.` })
  return {
    status: response.status,
    body: parseBody(text, response.headers.get('content-type') ?? ''),
  }
}
