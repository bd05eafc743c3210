/** The review feature's public entry: what other features use of it, and nothing else. */
export { queueLearning } from './jobs';
export { applySupplierMemory, correctionsOf, rememberCorrections } from './memory';
export { correctedPlaces, placeHintsFor, withLearnedFrom } from './places';
export { searchCondition } from './repo';
