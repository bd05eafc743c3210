import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A button that shows and hides a panel (the mobile menu, the user menu). While open: focus moves to the
 * first link or button of the panel, Escape closes it and gives focus back to the button, and a press
 * outside closes it. It also closes by itself when the location changes.
 */
export function useDisclosure() {
  const { pathname } = useLocation();
  // The path it was opened on: navigating elsewhere closes it without an effect.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const isOpen = openedOn === pathname;
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus = false) => {
    setOpenedOn(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);
  const toggle = useCallback(
    () => setOpenedOn((current) => (current === null ? pathname : null)),
    [pathname],
  );

  useEffect(() => {
    if (!isOpen) return;
    panelRef.current?.querySelector<HTMLElement>('a[href], button:not([disabled]), select')?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close(true);
    };
    const onPointerDown = (event: Event) => {
      const target = event.target as Node | null;
      if (!target) return;
      if (panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen, close]);

  return {
    isOpen,
    toggle,
    close,
    panelId,
    buttonRef,
    panelRef,
    /** Spread on the toggle button. */
    buttonProps: { 'aria-expanded': isOpen, 'aria-controls': panelId, onClick: toggle, ref: buttonRef },
  };
}
