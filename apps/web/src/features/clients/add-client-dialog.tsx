import { CreateClientRequestSchema } from '@cuadra/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DialogOutcome, FieldError, inputClass, linkClass } from '../../components/ui';
import { Modal } from '../../components/ui/modal';
import { ApiError } from '../../lib/api';
import { useErrorMessage } from '../../lib/error-message';
import { useCreateClient } from './clients-api';

/** The existing client named by a 409 CLIENT_TAX_ID_TAKEN, or null for any other outcome. */
function takenBy(error: unknown): { clientId: string; name: string | null } | null {
  if (!(error instanceof ApiError) || error.code !== 'CLIENT_TAX_ID_TAKEN') return null;
  const details = error.details as { clientId?: unknown; name?: unknown } | undefined;
  if (typeof details?.clientId !== 'string') return null;
  return { clientId: details.clientId, name: typeof details.name === 'string' ? details.name : null };
}

/** spec-1 §2 add-customer modal: the name (required) and an optional tax id checked by its last character. */
export function AddClientDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('clients');
  const { t: te } = useTranslation('errors');
  const toMessage = useErrorMessage();
  const create = useCreateClient();
  const [name, setName] = useState('');
  const [taxId, setTaxId] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ name?: string; taxId?: string }>({});
  const [added, setAdded] = useState<string | null>(null);
  const ids = { name: useId(), taxId: useId(), taxIdHint: useId() };
  // The accountant already has a client with this tax id: say so on the field, with a way to it.
  const taken = takenBy(create.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    setAdded(null);
    create.reset();
    const parsed = CreateClientRequestSchema.safeParse({ name, taxId });
    if (!parsed.success) {
      const paths = new Set(parsed.error.issues.map((issue) => issue.path[0]));
      setFieldErrors({
        name: paths.has('name') ? t('add.nameRequired') : undefined,
        taxId: paths.has('taxId') ? te('TAX_ID_INVALID') : undefined,
      });
      return;
    }
    setFieldErrors({});
    create.mutate(parsed.data, {
      onSuccess: (client) => {
        setAdded(client.name);
        setName('');
        setTaxId('');
      },
    });
  }

  return (
    <Modal title={t('add.title')} onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div>
          <label htmlFor={ids.name} className="block text-sm font-medium text-slate-800">
            {t('add.nameLabel')}
          </label>
          <input
            id={ids.name}
            name="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            maxLength={100}
            autoComplete="off"
            aria-invalid={fieldErrors.name ? true : undefined}
            aria-describedby={fieldErrors.name ? `${ids.name}-error` : undefined}
            className={inputClass}
          />
          <FieldError id={`${ids.name}-error`} message={fieldErrors.name} />
        </div>
        <div>
          <label htmlFor={ids.taxId} className="block text-sm font-medium text-slate-800">
            {t('add.taxIdLabel')}
          </label>
          <input
            id={ids.taxId}
            name="taxId"
            value={taxId}
            onChange={(event) => setTaxId(event.target.value)}
            maxLength={32}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={fieldErrors.taxId || taken ? true : undefined}
            aria-describedby={`${ids.taxIdHint}${fieldErrors.taxId ? ` ${ids.taxId}-error` : ''}${taken ? ` ${ids.taxId}-taken` : ''}`}
            className={inputClass}
          />
          <p id={ids.taxIdHint} className="mt-1 text-xs text-slate-600">
            {t('add.taxIdHint')}
          </p>
          <FieldError id={`${ids.taxId}-error`} message={fieldErrors.taxId} />
          {taken ? (
            <p id={`${ids.taxId}-taken`} role="alert" className="mt-1 text-sm text-red-700">
              {te('CLIENT_TAX_ID_TAKEN')}{' '}
              <Link to={`/customer/${encodeURIComponent(taken.clientId)}`} className={linkClass}>
                {taken.name ? t('add.openExisting', { name: taken.name }) : t('add.openExistingUnnamed')}
              </Link>
            </p>
          ) : null}
        </div>
        <DialogOutcome
          success={added ? t('add.success', { name: added }) : null}
          error={
            create.isError && !taken ? { title: t('add.error'), message: toMessage(create.error) } : null
          }
          pending={{ is: create.isPending, label: t('add.submitting') }}
          submitLabel={t('add.submit')}
          closeLabel={t('dialog.close')}
          onClose={onClose}
        />
      </form>
    </Modal>
  );
}
