import { useState } from 'react'
import { parseErrorMessage } from '../../../src/utils/parseErrorMessage'
import { useModalParts } from '../../context/useModalParts'
import { type SecurityLocaleKey, tSecurity } from './tSecurity'

/**
 * An Account row that opens one of the frame's own screens (security, ways to sign in): busy
 * while the screen shows; Cancel there is the visitor's choice, any other failure a toast.
 */
export function useFrameScreenRow(open: () => Promise<unknown>, failed: SecurityLocaleKey) {
  const { toast } = useModalParts()
  const [busy, setBusy] = useState(false)
  const run = () => {
    setBusy(true)
    open().then(
      () => setBusy(false),
      (error: unknown) => {
        setBusy(false)
        if ((error as { code?: unknown }).code === 4001) return
        toast.show('error', tSecurity(failed, { message: parseErrorMessage(error) }))
      },
    )
  }
  return { busy, run }
}
