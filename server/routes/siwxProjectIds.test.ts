import { afterEach, describe, expect, test } from 'vitest'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'

// Issue 8, item 15: project ids from the URL are looked up in a Map, after the rate limiter.

let t: TestServer
afterEach(async () => {
  await t?.close()
})

describe('/v1/projects/:projectId/siwx', () => {
  test('behavior: prototype-named project ids are unknown: 404 JSON and nothing logged', async () => {
    const logged: string[] = []
    t = await startTestServer({
      siwx: { shop: { domains: ['dapp.test'], chainIds: [1] } },
      allowedOrigins: { shop: ['https://dapp.test'] },
      logger: { info: (line) => logged.push(line), warn: (line) => logged.push(line) },
    })
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      for (const path of ['nonce', 'session']) {
        const answer = await t.get(`/v1/projects/${id}/siwx/${path}`)
        expect(answer).toMatchObject({
          status: 404,
          body: { error: { name: 'ProjectNotFoundError', message: 'Unknown project' } },
        })
      }
      const verify = await t.post(`/v1/projects/${id}/siwx/verify`, {
        message: 'x',
        signature: 'y',
      })
      expect(verify.status).toBe(404)
    }
    expect(logged).toEqual([])
    expect((await t.get('/v1/projects/shop/siwx/nonce')).status).toBe(200)
  })

  test('behavior: unknown project ids are rate limited before the lookup', async () => {
    t = await startTestServer({ siwx: { shop: { domains: ['dapp.test'], chainIds: [1] } } })
    for (let i = 0; i < 60; i++)
      expect((await t.get(`/v1/projects/nope-${i}/siwx/nonce`)).status).toBe(404)
    const limited = await t.get('/v1/projects/__proto__/siwx/nonce')
    expect(limited).toMatchObject({ status: 429, body: { error: { name: 'RateLimitedError' } } })
  })

  test("behavior: with a '*' project, prototype-named ids are ordinary ids", async () => {
    t = await startTestServer({ siwx: { '*': { domains: ['dapp.test'], chainIds: [1] } } })
    const answer = await t.get<{ nonce: string }>('/v1/projects/__proto__/siwx/nonce')
    expect(answer.status).toBe(200)
    expect(answer.body.nonce).toMatch(/^[0-9A-Za-z]{22}$/)
    expect((await t.get('/v1/origins?projectId=__proto__')).status).toBe(200)
  })
})
