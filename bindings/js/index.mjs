// bao-oracle as an ES module: `import { legalMoves } from 'bao-oracle'`. The
// same functions as the CommonJS entry (index.js), which this loads.
import oracle from './index.js';

export const {
  BaoOracleError, UnknownRuleset, InvalidPosition, InvalidMove, IllegalMove, InvalidArgument, MAX_PERFT_DEPTH,
  rulesets, clauses, legalMoves, play, status, perft, compare, positionAfter, positions, check,
} = oracle;
export default oracle;
