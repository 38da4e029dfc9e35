import {
  type UseActivityParameters,
  type UseActivityReturnType,
  useActivity as useModalActivity,
} from '../hooks/useActivity'

/**
 * The connected account's activity, grouped by month and paged by cursor.
 * @example const { groups, fetchNextPage, hasNextPage } = useActivity({ url: 'https://wallet.example' })
 */
export function useActivity(parameters?: UseActivityParameters): UseActivityReturnType {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useModalActivity(parameters)
}
