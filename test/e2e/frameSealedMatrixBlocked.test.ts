import { describeSealedMatrix } from './sealedMatrix'

// Issue 16's proof matrix in the blocked setup (see ./sealedMatrix.ts).
describeSealedMatrix('blocked')
