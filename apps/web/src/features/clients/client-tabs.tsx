import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../components/ui/tabs';

export const CLIENT_TABS = ['invoices', 'reports', 'forms', 'bank'] as const;
export type ClientTab = (typeof CLIENT_TABS)[number];

/** The tab in the address (`?tab=forms`), so that a tab can be linked to and survives a reload. */
export function useClientTab(): [ClientTab, (tab: ClientTab) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = (CLIENT_TABS as readonly string[]).includes(asked ?? '') ? (asked as ClientTab) : 'invoices';
  const choose = (next: ClientTab) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'invoices') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  return [tab, choose];
}

/** The client page's tabs: invoices (the default), reports, forms and bank. */
export function ClientTabs({
  tab,
  onChange,
  children,
}: {
  tab: ClientTab;
  onChange: (tab: ClientTab) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('clients');
  return (
    <div className="mt-6">
      <Tabs
        tabs={CLIENT_TABS}
        tab={tab}
        onChange={onChange}
        label={t('tabs.label')}
        nameOf={(name) => t(`tabs.${name}`)}
      >
        {children}
      </Tabs>
    </div>
  );
}
