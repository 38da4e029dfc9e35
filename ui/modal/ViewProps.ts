import type { RouteData } from '../../src/machines/router'

/** Props every view receives: the data its route entry was opened with. */
export interface ViewProps {
  data?: RouteData | undefined
}
