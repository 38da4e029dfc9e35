import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Hono } from 'hono'
import { OptionsValidationError } from '../src/errors/OptionsValidationError'
import { createOriginPolicy } from '../src/frame/originPolicy'
import { createChainIndexer } from './chainData/createChainIndexer'
import { createPriceSource } from './chainData/createPriceSource'
import type { ServerContext } from './context'
import { createSerializer } from './createSerializer'
import { deriveKeys, parseMasterKey } from './crypto/masterKey'
import { resolveMasterKey } from './crypto/resolveMasterKey'
import type { AppEnv } from './http/appEnv'
import { trustedProxies } from './http/trustedProxies'
import { loadPeer } from './loadPeer'
import { consoleLogger, jsonLogger } from './logger'
import { createConsoleMailer } from './mail/createConsoleMailer'
import { createSmtpMailer } from './mail/createSmtpMailer'
import { createMetrics } from './ops/createMetrics'
import {
  type LatchkeyServerOptions,
  parseServerOptions,
  type ResolvedServerOptions,
} from './options'
import { createChainClients } from './rpc/createChainClients'
import { createSocialEngine } from './social/createSocialEngine'
import { createSolanaClusters } from './solana/createSolanaClusters'
import { openStorage } from './storage/openStorage'
import type { Storage } from './storage/storage'

/** A listening server. */
export interface ListeningServer {
  /** e.g. `http://127.0.0.1:8787` */
  url: string
  port: number
  close(): Promise<void>
}

/** What `listen()` may override: where to listen and the socket limits (see the `http` option). */
export type ListenOverrides = { port?: number; host?: string } & Partial<
  ResolvedServerOptions['http']
>

/** A Latchkey server: the Hono app, its context, and `listen()`. */
export interface LatchkeyServer {
  /** The Hono app; mount more routes on it (e.g. the frame page at `/frame`). */
  app: Hono<AppEnv>
  /** Storage, origin policy, options and the rest, shared by every route. */
  context: ServerContext
  /**
   * Starts the HTTP server (defaults: the `port`, `host` and `http` options; port 0 picks a free
   * one). Slow or idle sockets are closed by the timeouts; over `maxConnections` new sockets are
   * refused.
   */
  listen(overrides?: ListenOverrides): Promise<ListeningServer>
  /** Stops the background indexer, stops listening and closes the database. */
  close(): Promise<void>
}

const pruneEveryMs = 60 * 60 * 1000

/**
 * Stops accepting, lets requests in flight finish for up to `timeoutMs` (idle kept-alive sockets
 * close at once, busy ones after their answer), then closes whatever sockets are left.
 */
function closeGracefully(
  server: Server,
  context: Pick<ServerContext, 'metrics'>,
  timeoutMs: number,
): Promise<void> {
  return new Promise<void>((resolve) => {
    const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs)
    // A socket whose request just finished is idle now: close it rather than wait for its
    // keep-alive timeout.
    const sweep = setInterval(() => {
      if (context.metrics.inFlight.value === 0) server.closeIdleConnections()
    }, 20)
    server.close(() => {
      clearTimeout(deadline)
      clearInterval(sweep)
      resolve()
    })
    server.closeIdleConnections()
  })
}

/**
 * A key's tasks one at a time across every server on the database: queued in this process
 * first (so a process waits on the database's lock with at most one task per key), then run
 * under the database's lock (`storage.locks`).
 */
function serializeAcrossServers(storage: Storage): ServerContext['serialize'] {
  const local = createSerializer()
  return (key, task) => local(key, () => storage.locks.run(key, task))
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.')
}

/**
 * Creates the self-hosted Latchkey server: email login, sessions, key custody and signing.
 * @example
 * const server = await createLatchkeyServer({ chains: { 1: 'http://127.0.0.1:8545' } })
 * const { url } = await server.listen()
 */
export async function createLatchkeyServer(
  input: LatchkeyServerOptions = {},
): Promise<LatchkeyServer> {
  const options = parseServerOptions(input)
  // A bad trusted-proxy entry fails at start, not on the first request.
  trustedProxies(options.trustProxy)
  const logger =
    options.logFormat === 'json'
      ? jsonLogger(options.logger ?? consoleLogger)
      : (options.logger ?? consoleLogger)
  const now = options.now ?? Date.now
  await loadPeer('hono', () => import('hono'))
  const { createApp } = await import('./createApp')
  if (!options.masterKey && !isLoopback(options.host))
    throw new OptionsValidationError({
      option: 'masterKey',
      reason: 'Required when the host is not loopback: development keys are for local use only.',
    })
  const keys = deriveKeys(
    resolveMasterKey({ ...options, logger }),
    options.extraMasterKeys.map(parseMasterKey),
  )
  const mailer =
    options.mailer ??
    (options.smtpUrl
      ? await createSmtpMailer({ url: options.smtpUrl, from: options.mailFrom })
      : createConsoleMailer(logger))
  const storage = options.storage ?? (await openStorage(options, now))
  let baseUrl = options.publicUrl?.replace(/\/$/, '') ?? `http://${options.host}:${options.port}`
  // `indexer` is set just below: it reads the context it is part of.
  const context = {
    options,
    storage,
    mailer,
    logger,
    keys,
    originPolicy: createOriginPolicy(options.allowedOrigins),
    chains: createChainClients(options.chains, options.rpc),
    solana: createSolanaClusters(options.solanaClusters, options.rpc),
    social: createSocialEngine(options.social),
    serialize: serializeAcrossServers(storage),
    prices: createPriceSource({
      url: options.chainData.priceUrl,
      ttlMs: options.chainData.priceTtlMs,
      timeoutMs: options.chainData.priceTimeoutMs,
      logger,
      now,
    }),
    now,
    lifecycle: { draining: false },
    metrics: createMetrics(),
    publicUrl: () => baseUrl,
  } as ServerContext
  context.indexer = createChainIndexer(context)
  const app = createApp(context)
  const listeners = new Set<ListeningServer>()
  const pruner = setInterval(() => void storage.prune(now()).catch(() => undefined), pruneEveryMs)
  pruner.unref()

  return {
    app,
    context,
    async listen(overrides = {}) {
      const { serve } = await loadPeer('@hono/node-server', () => import('@hono/node-server'))
      const hostname = overrides.host ?? options.host
      const limits = { ...options.http, ...withoutUndefined(overrides) }
      const requestTimeout = limits.requestTimeoutMs
      const serverOptions = {
        // Node refuses a headers timeout longer than the request timeout.
        headersTimeout: Math.min(limits.headersTimeoutMs, requestTimeout),
        requestTimeout,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        // How often Node looks for expired requests (30 s by default: too late for the timeouts).
        connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
      }
      const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
        const started = serve(
          {
            fetch: app.fetch,
            port: overrides.port ?? options.port,
            hostname,
            serverOptions,
          },
          () => resolve(started),
        )
        started.maxConnections = limits.maxConnections
        started.once('error', reject)
      })
      const { port } = server.address() as AddressInfo
      const url = `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`
      if (!options.publicUrl) baseUrl = url
      const listening: ListeningServer = {
        url,
        port,
        close: () => {
          listeners.delete(listening)
          return closeGracefully(server as Server, context, limits.shutdownTimeoutMs)
        },
      }
      listeners.add(listening)
      return listening
    },
    async close() {
      context.lifecycle.draining = true
      clearInterval(pruner)
      const inFlight = context.metrics.inFlight.value
      if (listeners.size > 0)
        logger.info(
          `Latchkey server shutting down: no new connections, ${inFlight} request${inFlight === 1 ? '' : 's'} in flight (up to ${options.http.shutdownTimeoutMs} ms)`,
        )
      await context.indexer.stop()
      await Promise.all([...listeners].map((listening) => listening.close()))
      await storage.close()
    },
  }
}
