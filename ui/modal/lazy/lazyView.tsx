import type { ComponentType } from 'react'
import type { ViewName } from '../../../src/machines/router'
import { Spinner } from '../../components/Spinner'
import { t } from '../../locales/t'
import type { ViewProps } from '../ViewProps'
import type { LazyChunk } from './lazyChunk'
import { useLazyChunk } from './useLazyChunk'

/**
 * A view for the views table whose component lives in a lazy chunk: shown at once when the chunk
 * is there, else a spinner until it is (a failed load is asked for again the next time the view
 * shows).
 */
export function lazyView<V extends ViewName>(
  chunk: LazyChunk<{ [K in V]: ComponentType<ViewProps<K>> }>,
  name: V,
): ComponentType<ViewProps<V>> {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per view where the views table is built (module level), so each view keeps one component identity
  function LazyView(props: ViewProps<V>) {
    const { value } = useLazyChunk(chunk)
    if (!value) {
      return (
        <div data-lk-view-loading="" aria-busy="true">
          <Spinner label={t('account.loading')} size={24} />
        </div>
      )
    }
    const View: ComponentType<ViewProps<V>> = value[name]
    return <View {...props} />
  }
  LazyView.displayName = `Lazy(${name})`
  return LazyView
}
