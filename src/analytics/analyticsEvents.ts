/**
 * The events the modal reports (SPEC §7 "Analytics", §8). `MODAL_CREATED` is never sent (SPEC §7);
 * `ERROR_FETCH_TRANSACTIONS` is the Activity tab's failed fetch (SPEC §8).
 */
export const analyticsEventNames = [
  'MODAL_CREATED',
  'MODAL_OPEN',
  'MODAL_CLOSE',
  'CONNECT_SUCCESS',
  'CONNECT_ERROR',
  'DISCONNECT_SUCCESS',
  'DISCONNECT_ERROR',
  'SWITCH_NETWORK',
  'SIWX_AUTH_SUCCESS',
  'SIWX_AUTH_ERROR',
  'ERROR_FETCH_TRANSACTIONS',
] as const

/** One of {@link analyticsEventNames}. */
export type AnalyticsEventName = (typeof analyticsEventNames)[number]

/** A value an event's properties may carry (kept small: the endpoint takes at most 16 KiB). */
export type AnalyticsPropertyValue = string | number | boolean | null

/** What the modal reports: the event, its data and the connected address, if any. */
export interface AnalyticsEvent {
  event: AnalyticsEventName
  /** The event's data (wallet name, chain id, error name…); no secrets, no personal data. */
  properties?: Readonly<Record<string, AnalyticsPropertyValue | undefined>> | undefined
  /** The connected account's address. */
  address?: string | undefined
}
