import type { RouteMap, ViewName } from '../../src/machines/router'

/**
 * Props a view receives: the data its route entry was opened with (`RouteMap`). Optional even
 * where the map requires it: a host calling `open()` from plain JavaScript may leave it out.
 */
export interface ViewProps<V extends ViewName = ViewName> {
  data?: RouteMap[V] | undefined
}
