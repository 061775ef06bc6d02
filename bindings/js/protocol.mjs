// The adapter kit as an ES module: `import { serve } from 'bao-oracle/protocol'`.
// The same exports as the CommonJS file (protocol.js), which this loads.
import kit from './protocol.js';

export const {
  PROTOCOL_VERSION, MAX_LINE_BYTES, MAX_PERFT_DEPTH, MAX_PERFT_POSITIONS, MAX_TOTAL_SEEDS, KEYS, REASONS,
  ProtocolError, Session, serve, parsePit, parseMove, formatMove, emptyPosition, parseBpn, formatBpn, checkPosition,
} = kit;
export default kit;
