/** What other features use of reports; everything else in the folder is its own. */
export { localToday } from './format';
export { ReportPanel } from './report-panel';
export { fetchReportFile } from './reports-api';
