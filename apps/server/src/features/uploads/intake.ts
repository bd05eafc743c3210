import { imageDimensions, type MediaType, sniffMediaType } from '@cuadra/extract';
import type { DocumentErrorCode } from '@cuadra/shared';
import { type ClientRow, findVisibleClient } from '../../access/clients';
import type { UserRow } from '../../access/users';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { findAllowance } from '../credits';
import { checkMemberCreditCap } from '../firms';
import { checkMonthlyLimit } from './monthly-limit';
import type { IncomingFile } from './multipart';

/**
 * Most pixels one image may have. Reading an image costs about 11 bytes a pixel at the peak (the RGBA
 * bitmap, a grey copy for OCR, the engine's own buffers): 16 million pixels stay under 200 MB, and still
 * hold an A4 page scanned at 400 dpi (3,307 × 4,677).
 */
export const MAX_IMAGE_PIXELS = 16_000_000;

export const fileKey = (documentId: string) => `documents/${documentId}`;
export const creditReference = (documentId: string) => `document:${documentId}`;

/**
 * Everything that can refuse an upload without reading its body, checked before a byte of it is read:
 * the client must be the caller's (404 otherwise, as for one that does not exist), the monthly limit not
 * reached, and at least one credit free. The body may still hold more files than credits; that is
 * settled when the credits are held, all or nothing.
 */
export async function admitUploader(services: Services, user: UserRow, clientId: string): Promise<ClientRow> {
  const client = await findVisibleClient(services.db, user.id, clientId);
  if (!client) throw new AppError('CLIENT_NOT_FOUND');
  await checkMonthlyUploadLimit(services, client);
  await checkMemberCreditCap(services.db, user.id, 1);
  const allowance = await findAllowance(services.db, client.ownerUserId);
  if (allowance < 1) throw new AppError('INSUFFICIENT_CREDITS', { needed: 1, allowance });
  return client;
}

/**
 * The client's monthly limit (spec-2 §5), before the body is read: a client with no file left this month
 * (or a limit of 0) is refused at once. How many files the body holds is only known once it is read;
 * `uploadFiles` checks that count before anything is stored.
 */
async function checkMonthlyUploadLimit(services: Services, client: ClientRow): Promise<void> {
  await checkMonthlyLimit(services.db, client, 1);
}

/** A file's fate at the door: refused with a code, or accepted with its type read from its first bytes. */
export function admitFile(file: IncomingFile): { errorCode: DocumentErrorCode } | { mediaType: MediaType } {
  if (file.tooLarge) return { errorCode: 'FILE_TOO_LARGE' };
  if (file.size === 0 || !file.path) return { errorCode: 'EMPTY_FILE' };
  const mediaType = sniffMediaType(file.head);
  if (!mediaType) return { errorCode: 'UNSUPPORTED_TYPE' };
  // A decompression bomb is refused from its header, before anything decodes it.
  const size = mediaType.startsWith('image/') ? imageDimensions(file.head, mediaType) : null;
  if (size && size.width * size.height > MAX_IMAGE_PIXELS) return { errorCode: 'TOO_MANY_PIXELS' };
  return { mediaType };
}
