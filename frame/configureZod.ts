import { config } from 'zod/mini'

// CSP has no 'unsafe-eval': keep zod from trying `new Function` (a CSP violation each load).
config({ jitless: true })
