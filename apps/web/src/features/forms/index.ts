/** What other features use of forms; everything else in the folder is its own. */
export { FormsPanel } from './forms-panel';
