import { describeSealedMatrix } from './sealedMatrix'

// Issue 16's proof matrix in the same-site setup (see ./sealedMatrix.ts).
describeSealedMatrix('same-site')
