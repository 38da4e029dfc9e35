import { t } from '../../locales/t'

/** Rows of a list not read yet: the shape of its rows, no content (announced as loading). */
export function SkeletonRows({ rows, testId }: { rows: number; testId: string }) {
  return (
    <div data-lk-skeleton="" role="status" aria-label={t('account.loading')} data-testid={testId}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} data-lk-skeleton-row="" aria-hidden="true">
          <span data-lk-placeholder-icon="" />
          <span data-lk-skeleton-lines="">
            <span data-lk-placeholder-text="" />
            <span data-lk-placeholder-text="" data-short="" />
          </span>
        </div>
      ))}
    </div>
  )
}
