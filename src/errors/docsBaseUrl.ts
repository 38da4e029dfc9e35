/**
 * Where error messages point for docs, before each error's `docsPath` (e.g. `/errors.md#frame`).
 * The default is the copy of `docs/` that ships inside the installed package.
 */
export const defaultDocsBaseUrl = 'node_modules/latchkey/docs'

let docsBaseUrl = defaultDocsBaseUrl

/**
 * Points the `Docs:` line of Latchkey's errors at your own copy of the docs (a URL or a path);
 * errors made afterwards use it. No argument restores the default.
 * @example
 * setDocsBaseUrl('https://docs.example.com/latchkey')
 */
export function setDocsBaseUrl(url: string = defaultDocsBaseUrl): void {
  docsBaseUrl = url.replace(/\/+$/, '')
}

/** The full docs link of a `docsPath`: the base URL set by {@link setDocsBaseUrl} joined to it. */
export function getDocsUrl(docsPath: string): string {
  return `${docsBaseUrl}${docsPath.startsWith('/') ? '' : '/'}${docsPath}`
}
