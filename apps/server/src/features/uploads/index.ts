/** The uploads feature's public entry for other features: the normal path a file takes into a client. */
export { admitUploader } from './intake';
export { countMonthUploads } from './monthly-limit';
export type { BufferedFile, DiskFile, IncomingFile, ReceivedUpload } from './multipart';
export { readUploadedFiles, stageBufferedFiles, stageDiskFiles } from './multipart';
export { deleteInvoiceRow } from './repo';
export { uploadTempDir } from './routes';
export type { SandboxLimits } from './sandbox-pool';
export { createSandboxPool } from './sandbox-pool';
export { getBatch, uploadFiles } from './service';
export { removeSplitIfUnused } from './split';
