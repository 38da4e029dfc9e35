import { createDeviceProof } from '../../src/deviceProof/createDeviceProof'
import {
  deviceNonceHeader,
  deviceProofHeader,
  serverTimeHeader,
} from '../../src/deviceProof/deviceProofConstants'
import { createTestDeviceKey, type TestDeviceKey } from './startTestServer'

/** A Node client of the /v1 API that signs device proofs as the frame does (benches, scripts). */
export interface DeviceClient {
  key: TestDeviceKey
  /**
   * Sends a request with a proof by `key` (and `token` as bearer when given); on a 401
   * `DeviceProofNonceError` retries once with the answer's nonce and clock.
   */
  fetch(
    path: string,
    init?: { method?: 'GET' | 'POST'; body?: unknown; token?: string | undefined },
  ): Promise<Response>
}

/** A device client on `baseUrl` with a new (or the given) device key. */
export async function createDeviceClient(
  baseUrl: string,
  key?: TestDeviceKey,
): Promise<DeviceClient> {
  const deviceKey = key ?? (await createTestDeviceKey())
  let nonce: string | undefined
  let offsetMs = 0
  const send = async (
    path: string,
    init: { method?: 'GET' | 'POST'; body?: unknown; token?: string | undefined },
  ) => {
    const target = new URL(path, baseUrl)
    const body = init.body === undefined ? undefined : JSON.stringify(init.body)
    const method = init.method ?? (body === undefined ? 'GET' : 'POST')
    const headers: Record<string, string> = {
      [deviceProofHeader]: await createDeviceProof({
        privateKey: deviceKey.privateKey,
        jwk: deviceKey.jwk,
        method,
        path: `${target.pathname}${target.search}`,
        body,
        nonce,
        iat: Math.floor((Date.now() + offsetMs) / 1000),
      }),
    }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (init.token) headers.authorization = `Bearer ${init.token}`
    const response = await fetch(target, { method, headers, body })
    nonce = response.headers.get(deviceNonceHeader) ?? nonce
    const time = Number(response.headers.get(serverTimeHeader))
    if (Number.isSafeInteger(time) && time > 0) offsetMs = time - Date.now()
    return response
  }
  return {
    key: deviceKey,
    async fetch(path, init = {}) {
      const response = await send(path, init)
      if (response.status !== 401) return response
      const body = (await response
        .clone()
        .json()
        .catch(() => undefined)) as { error?: { name?: string } } | undefined
      return body?.error?.name === 'DeviceProofNonceError' ? send(path, init) : response
    },
  }
}
