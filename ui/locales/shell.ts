/**
 * The few strings the first bundle shows (button, loading card), taken from `en.json` by name.
 *
 * Why not `t()`: a bundler puts a whole module in the chunk of every entry that reaches it, so a
 * first-bundle import of the module `t()` reads would carry every modal string with it. Named
 * imports from plain `./en.json` keep only these keys; `t()` imports the file
 * `with { type: 'json' }`, a separate module instance that only the modal chunk reaches.
 * `en.json` stays the one source of every string.
 */
export {
  'button.connect' as buttonConnect,
  'button.connecting' as buttonConnecting,
  'button.wrongNetwork' as buttonWrongNetwork,
  'modal.loading' as modalLoading,
} from './en.json'
