/** What other features use of exports; everything else in the folder is its own. */
export { ExportMenu } from './export-menu';
