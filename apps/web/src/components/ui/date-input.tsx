import { dateLocale, type Locale } from '@cuadra/shared';
import { type InputHTMLAttributes, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '../../i18n/i18n';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Day, month and year in the order the language writes them, apart by `/`, `-`, `.` or spaces. */
const TYPED = /^\s*(\d{1,4})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{2}|\d{4})\s*$/;

const pad = (n: number) => String(n).padStart(2, '0');

function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An ISO day (`2024-03-05`) as the language writes it: `05/03/2024` (es), `03/05/2024` (en). */
export function formatDateInput(iso: string, language: Locale): string {
  const match = ISO.exec(iso);
  if (!match) return iso;
  const [, year, month, day] = match;
  return language === 'es' ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}

/**
 * What a person typed, read in the language's order (day first in Spanish, month first in English), as an
 * ISO day; an ISO day typed as such is taken too. Null when it is no real day. Two-digit years are 20xx.
 */
export function parseDateInput(text: string, language: Locale): string | null {
  const iso = ISO.exec(text.trim());
  if (iso) {
    const [year, month, day] = iso.slice(1).map(Number) as [number, number, number];
    return isRealDay(year, month, day) ? text.trim() : null;
  }
  const match = TYPED.exec(text);
  if (!match) return null;
  const [first, second, third] = match.slice(1) as [string, string, string];
  if (first.length > 2) return null;
  const [day, month] = language === 'es' ? [Number(first), Number(second)] : [Number(second), Number(first)];
  const year = third.length === 2 ? 2000 + Number(third) : Number(third);
  return isRealDay(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : null;
}

type DateInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> & {
  /** An ISO day (`2024-03-05`), empty, or what was typed when it is no day (the form's check says so). */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A day typed in the app's language, not the browser's: a native date field shows 03/05/2024 for 5 March in
 * an English browser even on a Spanish screen (issue 36). It shows and reads `dd/mm/aaaa` in Spanish and
 * `mm/dd/yyyy` in English, says the pattern to screen readers, and hands the form an ISO day.
 */
export function DateInput({ value, onChange, onBlur, ...rest }: DateInputProps) {
  const { t, i18n } = useTranslation();
  const language = toLocale(i18n.resolvedLanguage);
  const hintId = useId();
  const [text, setText] = useState(() => formatDateInput(value, language));
  // What this field last handed up: a value from elsewhere (the next invoice, a reset) replaces the text.
  const handed = useRef(value);
  const shownIn = useRef(language);
  useEffect(() => {
    if (value === handed.current && language === shownIn.current) return;
    handed.current = value;
    shownIn.current = language;
    setText(formatDateInput(value, language));
  }, [value, language]);

  return (
    <>
      <input
        {...rest}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        lang={dateLocale(language)}
        placeholder={t('dateInput.pattern')}
        value={text}
        aria-describedby={[rest['aria-describedby'], hintId].filter(Boolean).join(' ')}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          const next = typed.trim() === '' ? '' : (parseDateInput(typed, language) ?? typed);
          handed.current = next;
          onChange(next);
        }}
        onBlur={(event) => {
          // A day typed loosely (5/3/24) is shown back in full once the field is left.
          if (ISO.test(handed.current)) setText(formatDateInput(handed.current, language));
          onBlur?.(event);
        }}
      />
      <span id={hintId} className="sr-only">
        {t('dateInput.hint', { pattern: t('dateInput.pattern') })}
      </span>
    </>
  );
}
