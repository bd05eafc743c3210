import { z } from 'zod';
import { defineJob } from '../../queue/define-job';
import { failDocument, processDocument } from './extraction';

/** Extracts one uploaded document into an invoice (or a duplicate, or a failure that costs nothing). */
export const extractDocumentJob = defineJob({
  name: 'documents.extract',
  schema: z.object({ documentId: z.uuid() }),
  retryLimit: 3,
  retryDelaySeconds: 5,
  // A 20-page scan takes well under a minute here; past this the attempt is presumed dead and retried.
  expireInSeconds: 300,
  // A worker killed mid-extraction stops reporting; its job runs again about this long after.
  heartbeatSeconds: 10,
  key: ({ documentId }) => documentId,
  run: ({ documentId }, services) => processDocument(services, documentId),
  onExhausted: ({ documentId }, error, services) => failDocument(services, documentId, error),
});
