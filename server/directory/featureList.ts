import type { DirectoryFeatures } from './registrySchema'

/** One feature of GET /appkit/v1/config. */
export interface RemoteFeature {
  id: string
  isEnabled: boolean
  /** The socials list for `socials` (`false` turns it off); null for the switches. */
  config: unknown
}

/** The registry's feature switches as the config answer lists them; unset ones are left out. */
export function featureList(features: DirectoryFeatures): RemoteFeature[] {
  return Object.entries(features).flatMap(([id, value]): RemoteFeature[] => {
    if (value === undefined) return []
    if (typeof value === 'boolean') return [{ id, isEnabled: value, config: null }]
    return [{ id, isEnabled: true, config: value }]
  })
}
