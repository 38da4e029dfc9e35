import './defineGlobal'
import { handleSocialReturn } from 'latchkey/connectors/socialReturn'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import 'latchkey/styles.css'
import './playground.css'
import { App } from './App'

// A social login's return page (a popup a strict COOP cut off closes here; see embeddedMode.ts).
const root = handleSocialReturn() ? null : document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
