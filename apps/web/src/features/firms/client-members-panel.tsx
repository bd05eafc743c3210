import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass, secondaryButtonClass } from '../../components/ui/index';
import { useErrorMessage } from '../../lib/error-message';
import { HistoryExport } from '../history';
import { useAssignMember, useClientMembers } from './team-api';

/**
 * The client page's responsible members (issue 40): who carries this client. The owner and admins add and
 * remove them; others see the list. Staff see only the clients they are responsible for.
 */
export function ClientMembersPanel({ clientId }: { clientId: string }) {
  const { t } = useTranslation('team');
  const toMessage = useErrorMessage();
  const members = useClientMembers(clientId);
  const assign = useAssignMember(clientId);
  const id = useId();
  const [chosen, setChosen] = useState('');

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    assign.mutate({ userId: chosen, assigned: true }, { onSuccess: () => setChosen('') });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {t('clientMembers.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('clientMembers.intro')}</p>
      {members.isPending ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          {t('clientMembers.loading')}
        </p>
      ) : members.isError ? (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 text-sm text-red-800">
          {t('clientMembers.error')} {toMessage(members.error)}
          <button type="button" className={secondaryButtonClass} onClick={() => members.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          {members.data.members.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{t('clientMembers.empty')}</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('clientMembers.title')}>
              {members.data.members.map((member) => (
                <li
                  key={member.userId}
                  className="inline-flex items-center gap-2 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800"
                >
                  <span>
                    {member.name} <span className="text-slate-600">({t(`roles.${member.role}`)})</span>
                  </span>
                  {members.data.canManage ? (
                    <button
                      type="button"
                      className="rounded-full px-1 font-semibold text-slate-600 hover:text-red-800 focus-visible:outline-2 focus-visible:outline-brand-600"
                      aria-label={t('clientMembers.remove', { name: member.name })}
                      disabled={assign.isPending}
                      onClick={() => assign.mutate({ userId: member.userId, assigned: false })}
                    >
                      ×
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {members.data.canManage ? (
            members.data.candidates.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">{t('clientMembers.noCandidates')}</p>
            ) : (
              <form onSubmit={add} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
                <div className="text-sm text-slate-700">
                  <label htmlFor={`${id}-member`}>{t('clientMembers.addLabel')}</label>
                  <select
                    id={`${id}-member`}
                    className={inputClass}
                    value={chosen}
                    onChange={(event) => setChosen(event.target.value)}
                  >
                    <option value="">{t('clientMembers.choose')}</option>
                    {members.data.candidates.map((candidate) => (
                      <option key={candidate.userId} value={candidate.userId}>
                        {candidate.name} ({t(`roles.${candidate.role}`)})
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" className={secondaryButtonClass} disabled={!chosen || assign.isPending}>
                  {t('clientMembers.add')}
                </button>
              </form>
            )
          ) : null}
          {assign.isError ? (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {toMessage(assign.error)}
            </p>
          ) : null}
        </>
      )}
      <HistoryExport clientId={clientId} />
    </section>
  );
}
