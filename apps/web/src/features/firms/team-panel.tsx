import {
  type FirmMember,
  type FirmRole,
  type FirmView,
  formatLongDate,
  MEMBER_CREDIT_CAP_MAX,
  type MemberRole,
} from '@cuadra/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout, useAuth } from '../../access/auth-store';
import { inputClass, primaryButtonClass, StateBox, secondaryButtonClass } from '../../components/ui/index';
import { Modal } from '../../components/ui/modal';
import { toLocale } from '../../i18n/i18n';
import { useErrorMessage } from '../../lib/error-message';
import {
  useFirm,
  useHandOverFirm,
  useInviteMember,
  useLeaveFirm,
  useRemoveMember,
  useRevokeInvitation,
  useUpdateFirm,
  useUpdateMember,
} from './team-api';

const MEMBER_ROLES: MemberRole[] = ['admin', 'staff', 'reader'];
const isManager = (role: FirmRole) => role === 'owner' || role === 'admin';

/**
 * Settings → Team (issue 40): the firm's members with their roles, clients and credits this month, the
 * owner's per-member monthly cap, invitations to send and revoke. Loading, error and empty states; a list
 * of cards rather than a table, so it reads at 390 px.
 */
export function TeamPanel() {
  const { t } = useTranslation('team');
  const { user } = useAuth();
  const firm = useFirm();
  const toMessage = useErrorMessage();
  if (user?.accountType === 'freelancer') return <StateBox>{t('freelancer')}</StateBox>;
  if (firm.isPending) return <StateBox>{t('loading')}</StateBox>;
  if (firm.isError)
    return (
      <StateBox tone="error">
        <p className="font-semibold">{t('error')}</p>
        <p className="mt-1">{toMessage(firm.error)}</p>
        <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={() => firm.refetch()}>
          {t('retry')}
        </button>
      </StateBox>
    );
  const view = firm.data;
  const manager = isManager(view.myRole);
  return (
    <section aria-labelledby="team-title" className="flex flex-col gap-8">
      <div>
        <h2 id="team-title" className="text-lg font-semibold text-slate-900">
          {t('title')} · {view.firm.name}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>
      </div>
      <MemberList view={view} selfId={user?.id ?? ''} />
      {manager ? (
        <>
          <FirmForm name={view.firm.name} taxId={view.firm.taxId} />
          <InviteForm />
          <Invitations view={view} />
        </>
      ) : (
        <p className="text-sm text-slate-600">{t('members.managersOnly')}</p>
      )}
      {view.myRole === 'owner' ? null : <LeaveButton firmName={view.firm.name} />}
    </section>
  );
}

/** A member leaves the firm; their sessions end, so the app signs out and returns to the login page. */
function LeaveButton({ firmName }: { firmName: string }) {
  const { t } = useTranslation('team');
  const toMessage = useErrorMessage();
  const leave = useLeaveFirm();
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className={`${secondaryButtonClass} self-start text-red-800`}
        disabled={leave.isPending}
        onClick={() => {
          if (!window.confirm(t('leave.confirm', { firm: firmName }))) return;
          leave.mutate(undefined, {
            onSuccess: () => {
              void navigate('/login', { replace: true });
              logout();
            },
          });
        }}
      >
        {t('leave.button')}
      </button>
      {leave.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {toMessage(leave.error)}
        </p>
      ) : null}
    </div>
  );
}

function MemberList({ view, selfId }: { view: FirmView; selfId: string }) {
  const { t } = useTranslation('team');
  const [notice, setNotice] = useState('');
  return (
    <section aria-labelledby="members-title" className="flex flex-col gap-3">
      <h3 id="members-title" className="text-base font-semibold text-slate-900">
        {t('members.title')}
      </h3>
      <p role="status" className="text-sm text-emerald-800">
        {notice}
      </p>
      <ul className="flex flex-col gap-3">
        {view.members.map((member) => (
          <MemberCard
            key={member.userId}
            member={member}
            isSelf={member.userId === selfId}
            myRole={view.myRole}
            onNotice={setNotice}
          />
        ))}
      </ul>
      {view.members.length === 1 ? <p className="text-sm text-slate-600">{t('members.onlyYou')}</p> : null}
    </section>
  );
}

function MemberCard({
  member,
  isSelf,
  myRole,
  onNotice,
}: {
  member: FirmMember;
  isSelf: boolean;
  myRole: FirmRole;
  onNotice: (text: string) => void;
}) {
  const { t } = useTranslation('team');
  const toMessage = useErrorMessage();
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const id = useId();
  const [cap, setCap] = useState(member.monthlyCreditCap?.toString() ?? '');
  const editable = isManager(myRole) && member.role !== 'owner' && !isSelf;
  const error = update.error ?? remove.error;
  const saveCap = (event: FormEvent) => {
    event.preventDefault();
    const value = cap.trim() === '' ? null : Number(cap);
    update.mutate(
      { userId: member.userId, monthlyCreditCap: value },
      { onSuccess: () => onNotice(t('members.saved')) },
    );
  };
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-slate-900">
          {member.name} {isSelf ? <span className="text-sm text-slate-600">({t('members.you')})</span> : null}
        </p>
        <p className="break-all text-sm text-slate-600">{member.email}</p>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <dt className="text-slate-600">{t('members.role')}</dt>
        <dd className="font-medium text-slate-900">{t(`roles.${member.role}`)}</dd>
        <dt className="text-slate-600">{t('members.clients')}</dt>
        <dd className="font-medium text-slate-900">{member.clients}</dd>
        <dt className="text-slate-600">{t('members.credits')}</dt>
        <dd className="font-medium text-slate-900">
          {member.creditsThisMonth}
          {member.monthlyCreditCap !== null ? ` / ${member.monthlyCreditCap}` : ''}
        </dd>
      </dl>
      {editable ? (
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <div className="text-sm text-slate-700">
            <label htmlFor={`${id}-role`}>
              <span className="sr-only">{t('members.roleOf', { name: member.name })}</span>
              <span aria-hidden="true">{t('members.role')}</span>
            </label>
            <select
              id={`${id}-role`}
              className={inputClass}
              value={member.role}
              disabled={update.isPending}
              onChange={(event) =>
                update.mutate(
                  { userId: member.userId, role: event.target.value as MemberRole },
                  { onSuccess: () => onNotice(t('members.saved')) },
                )
              }
            >
              {MEMBER_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)} — {t(`roleHelp.${role}`)}
                </option>
              ))}
            </select>
          </div>
          {member.role === 'staff' ? (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={member.allClients}
                disabled={update.isPending}
                aria-label={t('members.allClientsOf', { name: member.name })}
                onChange={(event) =>
                  update.mutate(
                    { userId: member.userId, allClients: event.target.checked },
                    { onSuccess: () => onNotice(t('members.saved')) },
                  )
                }
              />
              {t('members.allClients')}
            </label>
          ) : null}
          {myRole === 'owner' ? (
            <form onSubmit={saveCap} className="flex items-end gap-2">
              <label className="text-sm text-slate-700" htmlFor={`${id}-cap`}>
                <span className="sr-only">{t('members.capOf', { name: member.name })}</span>
                <span aria-hidden="true">{t('members.cap')}</span>
                <input
                  id={`${id}-cap`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MEMBER_CREDIT_CAP_MAX}
                  placeholder={t('members.noCap')}
                  className={`${inputClass} w-32`}
                  value={cap}
                  onChange={(event) => setCap(event.target.value)}
                />
              </label>
              <button type="submit" className={secondaryButtonClass} disabled={update.isPending}>
                {t('members.capSave')}
              </button>
            </form>
          ) : null}
          {myRole === 'owner' ? <HandOverButton member={member} onNotice={onNotice} /> : null}
          <button
            type="button"
            className={`${secondaryButtonClass} text-red-800`}
            aria-label={t('members.removeNamed', { name: member.name })}
            disabled={remove.isPending}
            onClick={() => {
              if (!window.confirm(t('members.confirmRemove', { name: member.name }))) return;
              remove.mutate(member.userId, {
                onSuccess: () => onNotice(t('members.removed', { name: member.name })),
              });
            }}
          >
            {t('members.remove')}
          </button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {toMessage(error)}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The owner hands the firm to this member, after a confirmation that says what follows: they become the
 * owner, with the firm's billing; the owner becomes an administrator. Both stay signed in.
 */
function HandOverButton({ member, onNotice }: { member: FirmMember; onNotice: (text: string) => void }) {
  const { t } = useTranslation('team');
  const toMessage = useErrorMessage();
  const handOver = useHandOverFirm();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button
        type="button"
        className={secondaryButtonClass}
        aria-label={t('handOver.buttonNamed', { name: member.name })}
        onClick={() => setConfirming(true)}
      >
        {t('handOver.button')}
      </button>
      {confirming ? (
        <Modal title={t('handOver.title', { name: member.name })} onClose={() => setConfirming(false)}>
          <p className="text-sm text-slate-700">{t('handOver.explain', { name: member.name })}</p>
          {handOver.isError ? (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {toMessage(handOver.error)}
            </p>
          ) : null}
          <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" onClick={() => setConfirming(false)} className={secondaryButtonClass}>
              {t('handOver.cancel')}
            </button>
            <button
              type="button"
              className={primaryButtonClass}
              disabled={handOver.isPending}
              onClick={() =>
                handOver.mutate(member.userId, {
                  onSuccess: () => {
                    setConfirming(false);
                    onNotice(t('handOver.done', { name: member.name }));
                  },
                })
              }
            >
              {handOver.isPending ? t('handOver.working') : t('handOver.confirm', { name: member.name })}
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}

/** The firm's name and tax id, for the owner and administrators. */
function FirmForm({ name, taxId }: { name: string; taxId: string | null }) {
  const { t } = useTranslation('team');
  const toMessage = useErrorMessage();
  const update = useUpdateFirm();
  const id = useId();
  const [draft, setDraft] = useState({ name, taxId: taxId ?? '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ name: draft.name, taxId: draft.taxId });
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {t('firm.title')}
      </h3>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 text-sm text-slate-700">
          <label htmlFor={`${id}-name`}>{t('firm.name')}</label>
          <input
            id={`${id}-name`}
            required
            maxLength={100}
            className={inputClass}
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
        </div>
        <div className="text-sm text-slate-700">
          <label htmlFor={`${id}-tax`}>{t('firm.taxId')}</label>
          <input
            id={`${id}-tax`}
            maxLength={32}
            className={inputClass}
            value={draft.taxId}
            onChange={(event) => setDraft({ ...draft, taxId: event.target.value })}
          />
        </div>
        <button type="submit" className={secondaryButtonClass} disabled={update.isPending}>
          {t('firm.save')}
        </button>
      </div>
      <p role="status" className="text-sm text-emerald-800">
        {update.isSuccess ? t('members.saved') : ''}
      </p>
      {update.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {toMessage(update.error)}
        </p>
      ) : null}
    </form>
  );
}

function InviteForm() {
  const { t } = useTranslation('team');
  const toMessage = useErrorMessage();
  const invite = useInviteMember();
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('staff');
  const [sentTo, setSentTo] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: (result) => {
          setSentTo(result.email);
          setEmail('');
        },
      },
    );
  };
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {t('invite.title')}
      </h3>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="flex-1 text-sm text-slate-700" htmlFor={`${id}-email`}>
          {t('invite.email')}
          <input
            id={`${id}-email`}
            type="email"
            required
            autoComplete="off"
            className={inputClass}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <div className="text-sm text-slate-700">
          <label htmlFor={`${id}-role`}>{t('invite.role')}</label>
          <select
            id={`${id}-role`}
            className={inputClass}
            value={role}
            onChange={(event) => setRole(event.target.value as MemberRole)}
          >
            {MEMBER_ROLES.map((value) => (
              <option key={value} value={value}>
                {t(`roles.${value}`)} — {t(`roleHelp.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={primaryButtonClass} disabled={invite.isPending}>
          {invite.isPending ? t('invite.sending') : t('invite.submit')}
        </button>
      </form>
      <p role="status" className="text-sm text-emerald-800">
        {sentTo ? t('invite.sent', { email: sentTo }) : ''}
      </p>
      {invite.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {toMessage(invite.error)}
        </p>
      ) : null}
    </section>
  );
}

function Invitations({ view }: { view: FirmView }) {
  const { t, i18n } = useTranslation('team');
  const toMessage = useErrorMessage();
  const revoke = useRevokeInvitation();
  const locale = toLocale(i18n.resolvedLanguage);
  return (
    <section aria-labelledby="invitations-title" className="flex flex-col gap-3">
      <h3 id="invitations-title" className="text-base font-semibold text-slate-900">
        {t('invitations.title')}
      </h3>
      {view.invitations.length === 0 ? (
        <p className="text-sm text-slate-600">{t('invitations.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {view.invitations.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm"
            >
              <span className="break-all">
                <span className="font-medium text-slate-900">{invitation.email}</span> ·{' '}
                {t(`roles.${invitation.role}`)} ·{' '}
                {t('invitations.expires', { date: formatLongDate(invitation.expiresAt, locale) })}
              </span>
              <button
                type="button"
                className={secondaryButtonClass}
                aria-label={t('invitations.revokeNamed', { email: invitation.email })}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(invitation.id)}
              >
                {t('invitations.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {revoke.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {toMessage(revoke.error)}
        </p>
      ) : null}
    </section>
  );
}
