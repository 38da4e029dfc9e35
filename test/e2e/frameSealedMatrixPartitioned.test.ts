import { describeSealedMatrix } from './sealedMatrix'

// Issue 16's proof matrix in the partitioned setup (see ./sealedMatrix.ts).
describeSealedMatrix('partitioned')
