import { useLayoutEffect, useRef, type RefObject } from 'react';

/** Set on <html> while a sheet is open: the page behind it does not scroll (base.css). */
const OPEN_SHEET_CLASS = 'has-open-sheet';

/**
 * A part of the page shown as a sheet over everything else while `open` (the job filters on a
 * phone): the rest of the page is inert meanwhile — no focus, no clicks, nothing for a screen
 * reader — so the sheet behaves as a modal dialog; Escape closes it, and so does the screen
 * growing past `media` (the sheet is a small screen's way of showing it). Focus moves into it
 * (`firstFocus`) and, when it closes, back to where it was, unless `afterCloseRef` takes it elsewhere
 * (it runs once the page is no longer inert).
 *
 * A layout effect: the page must be usable again within the same commit that closes the sheet,
 * before any handler tries to focus something behind it.
 */
export function useModalSheet(options: {
  open: boolean;
  sheet: RefObject<HTMLElement | null>;
  firstFocus: RefObject<HTMLElement | null>;
  close: () => void;
  media: string;
}): { afterCloseRef: RefObject<(() => void) | null> } {
  const { open, sheet, firstFocus, close, media } = options;
  const afterCloseRef = useRef<(() => void) | null>(null);
  const closeRef = useRef(close);
  useLayoutEffect(() => {
    closeRef.current = close;
  });

  useLayoutEffect(() => {
    const element = sheet.current;
    if (!open || !element) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Everything beside the sheet's own line of ancestors, up to <body>.
    const madeInert: Element[] = [];
    for (
      let node: Element = element;
      node !== document.body && node.parentElement;
      node = node.parentElement
    ) {
      for (const sibling of node.parentElement.children) {
        if (sibling === node || sibling.hasAttribute('inert')) continue;
        sibling.setAttribute('inert', '');
        madeInert.push(sibling);
      }
    }
    document.documentElement.classList.add(OPEN_SHEET_CLASS);
    (firstFocus.current ?? element).focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      closeRef.current();
    };
    const screen = window.matchMedia(media);
    const onScreen = () => {
      if (!screen.matches) closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    screen.addEventListener('change', onScreen);
    return () => {
      document.removeEventListener('keydown', onKey);
      screen.removeEventListener('change', onScreen);
      for (const node of madeInert) node.removeAttribute('inert');
      document.documentElement.classList.remove(OPEN_SHEET_CLASS);
      const next = afterCloseRef.current;
      afterCloseRef.current = null;
      if (next) next();
      else returnTo?.focus({ preventScroll: true });
    };
  }, [open, sheet, firstFocus, media]);

  return { afterCloseRef };
}
