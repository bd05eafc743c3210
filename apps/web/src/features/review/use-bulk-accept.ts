import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAcceptVerified } from './review-api';

/**
 * The desk's selection (`x`, shift-click) and its bulk accept (`a`). Documents left out because their
 * figures do not add up are kept apart, accepted only on a second, explicit click.
 */
export function useBulkAccept(onNotice: (notice: string) => void) {
  const { t } = useTranslation('review');
  const accept = useAcceptVerified();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [unbalanced, setUnbalanced] = useState<string[]>([]);

  const toggle = (id: string) =>
    setSelected((set) => {
      const copy = new Set(set);
      if (copy.has(id)) copy.delete(id);
      else copy.add(id);
      return copy;
    });
  const acceptSelected = () => {
    if (selected.size === 0) return;
    accept.mutate(
      { ids: [...selected] },
      {
        onSuccess: (result) => {
          setSelected(new Set());
          setUnbalanced(result.figuresDisagree);
          onNotice(
            t('notice.accepted', { accepted: result.accepted.length, skipped: result.skipped.length }) +
              (result.figuresDisagree.length
                ? ` ${t('notice.figuresDisagree', { count: result.figuresDisagree.length })}`
                : ''),
          );
        },
      },
    );
  };
  const acceptUnbalanced = () =>
    accept.mutate(
      { ids: unbalanced, confirmFigures: true },
      {
        onSuccess: (result) => {
          setUnbalanced([]);
          onNotice(
            t('notice.accepted', { accepted: result.accepted.length, skipped: result.skipped.length }),
          );
        },
      },
    );
  return { selected, toggle, acceptSelected, unbalanced, acceptUnbalanced, accept };
}
