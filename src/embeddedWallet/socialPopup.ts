/** Opens the blank popup a social login runs in, centred on the page (call it in the click). */
export function openCenteredPopup(): Window | null {
  const width = 480
  const height = 640
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2)
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2)
  return window.open(
    '',
    'latchkey-social',
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  )
}

/** The callback page's origin: the redirect URI the server put into the authorization URL. */
export function callbackOrigin(uri: string): string {
  const url = new URL(uri)
  const redirect = url.searchParams.get('redirect_uri')
  return redirect ? new URL(redirect).origin : url.origin
}
