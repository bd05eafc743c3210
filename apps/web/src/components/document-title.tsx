import { useTranslation } from 'react-i18next';

/** Sets the tab title as "<page> · Cuadra" (React 19 hoists <title> into <head>). */
export function DocumentTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  return <title>{`${title} · ${t('brand.name')}`}</title>;
}
