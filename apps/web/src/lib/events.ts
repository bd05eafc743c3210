/** The browser event the spec's credits widget refetches on (a scan finished and spent a credit). */
export const SCAN_COMPLETE_EVENT = 'scanComplete';
