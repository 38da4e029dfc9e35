import {
  type AnalyticsTracker,
  createAnalyticsTracker,
} from '../../src/analytics/createAnalyticsTracker'
import type { ToastStore } from '../../src/stores/createToastStore'
import { t } from '../locales/t'

/**
 * The provider's analytics tracker (SPEC §7). On the endpoint's first 403 the visitor sees the
 * "Invalid App Configuration" alert once (an error toast) and the developer reads why in the
 * console; analytics is then off for that endpoint.
 */
export function createModalAnalytics(toast: ToastStore): AnalyticsTracker {
  return createAnalyticsTracker({
    onNotAllowed(error) {
      console.warn(
        `Latchkey analytics: ${error.message}\nAdd this origin to the project's allowedOrigins on the analytics server; events are off until then.`,
      )
      toast.show('error', t('alert.invalidConfig'))
    },
  })
}
