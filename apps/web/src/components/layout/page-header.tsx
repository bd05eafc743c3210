import type { ReactNode } from 'react';

/** The top of a marketing page: an optional eyebrow, the page's one h1, and an introduction. */
export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      {eyebrow && <p className="text-sm font-semibold text-brand-700">{eyebrow}</p>}
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </h1>
      {children && <div className="mt-4 text-base text-pretty text-slate-600 sm:text-lg">{children}</div>}
    </div>
  );
}
