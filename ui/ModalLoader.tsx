import { Spinner } from './components/Spinner'
import { modalLoading } from './locales/shell'

/** Props of {@link ModalLoader}. */
export interface ModalLoaderProps {
  theme: 'dark' | 'light'
  style?: Record<string, string> | undefined
}

/** Shown while the modal chunk loads on a cold first open. */
export function ModalLoader({ theme, style }: ModalLoaderProps) {
  return (
    <div data-lk-loader="" data-theme={theme} style={style} aria-busy="true">
      <div data-lk-loader-card="">
        <Spinner label={modalLoading} />
      </div>
    </div>
  )
}
