import { type ComponentType, useEffect, useState } from 'react'
import { Spinner } from '../../components/Spinner'
import { t } from '../../locales/t'
import type { ViewProps } from '../ViewProps'
import { loadedSendViews, loadSendViews } from './loadSendViews'
import type { SendViews } from './SendViews'

/**
 * A send view for the views table that loads the send chunk (`loadSendViews`) when it first
 * shows: at once when the chunk is there, else a spinner until it is (a failed load is asked for
 * again the next time the view shows).
 */
export function lazySendView<V extends keyof SendViews>(name: V): ComponentType<ViewProps<V>> {
  function LazySendView(props: ViewProps<V>) {
    const [views, setViews] = useState(loadedSendViews)
    useEffect(() => {
      if (views) return
      let live = true
      loadSendViews().then(
        (loaded) => {
          if (live) setViews(loaded)
        },
        () => {},
      )
      return () => {
        live = false
      }
    }, [views])
    if (!views) {
      return (
        <div data-lk-view-loading="" aria-busy="true">
          <Spinner label={t('account.loading')} size={24} />
        </div>
      )
    }
    const View = views[name] as ComponentType<ViewProps<V>>
    return <View {...props} />
  }
  LazySendView.displayName = `Lazy(${name})`
  return LazySendView
}
