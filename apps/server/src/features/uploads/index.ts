/** The uploads feature's public entry for other features: the normal path a file takes into a client. */
export { admitUploader } from './intake';
export { readUploadedFiles } from './multipart';
export { uploadTempDir } from './routes';
export { getBatch, uploadFiles } from './service';
