import { CreateInvitationRequestSchema, type Locale } from '@cuadra/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogOutcome, FieldError, inputClass } from '../../components/ui';
import { Modal } from '../../components/ui/modal';
import { toLocale } from '../../i18n/i18n';
import { useErrorMessage } from '../../lib/error-message';
import { useInviteClient } from './clients-api';

/** Invite a client by email (spec-2 §2.7): the link goes out in the invitee's language. */
export function InviteDialog({
  client,
  onClose,
}: {
  client: { id: string; name: string };
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('clients');
  const toMessage = useErrorMessage();
  const invite = useInviteClient(client.id);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const locale: Locale = toLocale(i18n.resolvedLanguage);
    const parsed = CreateInvitationRequestSchema.safeParse({ email, locale });
    if (!parsed.success) {
      // The field's own message, not the form-wide "some fields are not valid".
      setEmailError(email.trim() === '' ? t('invite.emailRequired') : t('invite.emailInvalid'));
      return;
    }
    setEmailError(undefined);
    invite.mutate(parsed.data);
  }

  return (
    <Modal title={t('invite.title', { name: client.name })} onClose={onClose}>
      <p className="mb-4 text-sm text-slate-600">{t('invite.intro')}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {t('invite.emailLabel')}
          </label>
          <input
            id={id}
            type="email"
            name="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
            autoComplete="off"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-error` : undefined}
            className={inputClass}
          />
          <FieldError id={`${id}-error`} message={emailError} />
        </div>
        <DialogOutcome
          success={invite.isSuccess ? t('invite.success', { email: invite.data.email }) : null}
          error={invite.isError ? { title: t('invite.error'), message: toMessage(invite.error) } : null}
          pending={{ is: invite.isPending, label: t('invite.submitting') }}
          submitLabel={t('invite.submit')}
          closeLabel={t('dialog.close')}
          onClose={onClose}
        />
      </form>
    </Modal>
  );
}
