import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIMARY_BUTTON } from '../layout/nav-styles';

type Props = {
  children: ReactNode;
  /** When this value changes (e.g. the path), a shown error is cleared and the children render again. */
  resetKey?: unknown;
  /** Wrap the screen in its own <main> (for the app-wide boundary, which sits outside every layout). */
  standalone?: boolean;
  /** Called with every caught error; the place to plug in error reporting. */
  onError?: (error: unknown, info: ErrorInfo) => void;
};

type State = { hasError: boolean };

/**
 * Catches render crashes below it and shows the generic error screen of spec-2 §2.9 with "Try again",
 * which renders the children again. (React itself already logs the error to the console.)
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey) this.reset();
  }

  reset = (): void => {
    this.setState({ hasError: false });
  };

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    const screen = <GenericErrorScreen onRetry={this.reset} />;
    return this.props.standalone ? <main className="flex min-h-dvh flex-col">{screen}</main> : screen;
  }
}

export function GenericErrorScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto w-full max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('errorBoundary.title')}</h1>
      <p className="mt-3 text-slate-600">{t('errorBoundary.message')}</p>
      <button type="button" onClick={onRetry} className={`${PRIMARY_BUTTON} mt-6`}>
        {t('errorBoundary.retry')}
      </button>
    </div>
  );
}
