import type { OriginNotAllowedError } from '../errors/OriginNotAllowedError'
import type { ResolvedOptions } from '../schemas/options'
import type { AnalyticsEvent } from './analyticsEvents'
import {
  type AnalyticsClient,
  type AnalyticsSendResult,
  type CreateAnalyticsClientParameters,
  createAnalyticsClient,
} from './createAnalyticsClient'

/** Parameters of {@link createAnalyticsTracker}. */
export interface CreateAnalyticsTrackerParameters {
  /** Called once per endpoint on its first 403 (the allowlist alert). */
  onNotAllowed?: ((error: OriginNotAllowedError) => void) | undefined
  /** @default globalThis.fetch */
  fetch?: typeof fetch | undefined
  /** @default the browser's `location` */
  page?: CreateAnalyticsClientParameters['page']
}

/** One provider's analytics: events against the options in force when they happen. */
export interface AnalyticsTracker {
  /** Sends an event per `options` (`analytics.url`, `projectId`, `features.analytics`); never throws. */
  track(options: ResolvedOptions, event: AnalyticsEvent): Promise<AnalyticsSendResult>
}

/**
 * The modal's analytics: one {@link createAnalyticsClient} per endpoint and project, made on the
 * first event (so the config call is made once), replaced when the host changes either. Without
 * `analytics.url`, or with `features.analytics: false`, nothing is asked or sent.
 */
export function createAnalyticsTracker(
  parameters: CreateAnalyticsTrackerParameters = {},
): AnalyticsTracker {
  let current: { key: string; client: AnalyticsClient } | undefined
  return {
    async track(options, event) {
      try {
        const url = options.analytics?.url
        if (!url || !options.features.analytics) return 'skipped'
        const key = `${url}\n${options.projectId ?? ''}`
        if (current?.key !== key)
          current = {
            key,
            client: createAnalyticsClient({
              url,
              projectId: options.projectId,
              fetch: parameters.fetch,
              page: parameters.page,
              onNotAllowed: parameters.onNotAllowed,
            }),
          }
        return await current.client.send(event)
      } catch {
        return 'failed'
      }
    },
  }
}
