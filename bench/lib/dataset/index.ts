// The benches' one dataset: the databases they write into, the teas and the spending readers.
// Every bench builds its data through this entry, so what a dataset holds is decided in one place.
export {
  type Engine,
  freshDatabase,
  openPgliteTarget,
  openPgTarget,
  openTarget,
  type Sql,
  type SqlTarget,
  type Target,
} from './databases.js';
export {
  CONTENDED_EMAIL,
  CONTENTION,
  coinInvariants,
  type CoinInvariants,
  insertReaders,
  prepareSpends,
  READER_COINS,
  READER_PASSWORD,
  readerEmail,
  seedReaders,
  SPEND_RATE_CEILING,
  type SpendDataset,
} from './readers.js';
export {
  ABSENT_WORD,
  COMMON_WORD,
  FREQUENT_WORD,
  PENDING_ONLY,
  PENDING_WORD,
  RARE_WORD,
  seed,
  seedPosts,
  SHORT_ABSENT,
  SHORT_WORD,
  sparseOldTerm,
} from './teas.js';
