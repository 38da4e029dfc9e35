import type { LatchkeyServerOptions } from '../../server/options'
import { createSmtpSink } from './createSmtpSink'
import { createTestDatabase } from './postgres'
import { startRoundRobinProxy } from './startRoundRobinProxy'
import { createFakeClock, startTestServer, type TestServer } from './startTestServer'

/** Several server instances on one PostgreSQL database behind a round-robin proxy. */
export interface TestCluster {
  /** Helpers (`post`, `login`…) that go through the proxy: each request to the next instance. */
  client: TestServer
  instances: TestServer[]
  close(): Promise<void>
}

/**
 * Starts `count` in-process servers (one master key, one fake clock, one mail sink) on a fresh
 * database of the run's PostgreSQL, and the proxy in front of them.
 */
export async function startCluster(
  options: LatchkeyServerOptions = {},
  count = 3,
): Promise<TestCluster> {
  const [database, sink, proxy] = await Promise.all([
    createTestDatabase(),
    createSmtpSink(),
    startRoundRobinProxy(),
  ])
  const clock = createFakeClock()
  // As behind a load balancer that keeps connections to its upstreams: the instances keep an
  // idle socket longer than the proxy does (else one may close it as the proxy reuses it, a 502).
  const http = { keepAliveTimeoutMs: 60_000, ...options.http }
  const instances = await Promise.all(
    Array.from({ length: count }, () =>
      startTestServer(
        { databaseUrl: database.url, ...options, http },
        { via: proxy.url, sink, clock },
      ),
    ),
  )
  proxy.targets.push(...instances.map((instance) => instance.directUrl))
  return {
    client: instances[0] as TestServer,
    instances,
    async close() {
      await proxy.close()
      await Promise.all(instances.map((instance) => instance.close()))
      await sink.close()
      await database.drop()
    },
  }
}
