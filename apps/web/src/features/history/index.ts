/** What other features use of history; everything else in the folder is its own. */
export { HistoryExport } from './history-export';
export { HistoryList } from './history-list';
