/** What other features use of uploads; everything else in the folder is its own. */
export { UploadPanel } from './upload-panel';
