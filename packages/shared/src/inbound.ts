import { z } from 'zod';
import { EmailSchema } from './auth';
import { DOCUMENT_STATUSES } from './documents';

/** What became of a mail sent to a client's inbound address; the browser translates each. */
export const INBOUND_MESSAGE_STATUSES = [
  'accepted',
  'refused',
  'empty',
  'no_credits',
  'over_monthly_limit',
] as const;
export type InboundMessageStatus = (typeof INBOUND_MESSAGE_STATUSES)[number];

export const InboundSenderSchema = z
  .object({ id: z.string(), email: z.string(), createdAt: z.string() })
  .meta({ id: 'InboundSender' });
export type InboundSender = z.infer<typeof InboundSenderSchema>;

export const InboundSenderListSchema = z
  .object({
    items: z.array(InboundSenderSchema),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'InboundSenderList' });
export type InboundSenderList = z.infer<typeof InboundSenderListSchema>;

export const AddInboundSenderRequestSchema = z
  .object({ email: EmailSchema })
  .meta({ id: 'AddInboundSenderRequest' });
export type AddInboundSenderRequest = z.input<typeof AddInboundSenderRequestSchema>;

export const InboundAddressSchema = z.object({ inboundEmail: z.string() }).meta({ id: 'InboundAddress' });
export type InboundAddress = z.infer<typeof InboundAddressSchema>;

/** `GET`/`PUT /api/v1/clients/:id/inbound-settings`: off by default, so senders get no reply. */
export const InboundSettingsSchema = z.object({ replyToSender: z.boolean() }).meta({ id: 'InboundSettings' });
export type InboundSettings = z.infer<typeof InboundSettingsSchema>;

export const InboundMessageSchema = z
  .object({
    id: z.string(),
    channel: z.string(),
    sender: z.string(),
    subject: z.string().nullable(),
    status: z.enum(INBOUND_MESSAGE_STATUSES),
    /** The upload batch its files became, when accepted. */
    batchId: z.string().nullable(),
    /** The documents its files became (a PDF of several invoices: one per invoice), and how many are pending. */
    documents: z.array(
      z.object({
        id: z.string(),
        filename: z.string(),
        status: z.enum(DOCUMENT_STATUSES),
        invoiceId: z.string().nullable(),
      }),
    ),
    pendingCount: z.number().int(),
    spf: z.string().nullable(),
    dkim: z.string().nullable(),
    dmarc: z.string().nullable(),
    /**
     * SPF/DKIM/DMARC check on arrival: pass, neutral, fail, unchecked (DNS unreachable or check off); null
     * when the channel does not check (webhook).
     */
    mailAuth: z.string().nullable(),
    /** Parts that were not read, with a reason code (UNSUPPORTED_TYPE, ZIP_LIMIT, …). */
    skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
    createdAt: z.string(),
  })
  .meta({ id: 'InboundMessage' });
export type InboundMessage = z.infer<typeof InboundMessageSchema>;

export const InboundMessageListSchema = z
  .object({
    items: z.array(InboundMessageSchema),
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'InboundMessageList' });
export type InboundMessageList = z.infer<typeof InboundMessageListSchema>;
