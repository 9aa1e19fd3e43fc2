import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { EMPLOYER_LINK, MAIN_LINKS, type NavLink } from './nav-links';
import { NavList } from './nav-list';

/**
 * Disclosure menu for small screens: the button says whether it is open (aria-expanded) and which
 * element it opens (aria-controls). Opening moves focus to the first link; Escape, a click outside
 * or choosing a link closes it, and Escape hands focus back to the button.
 */
export function MobileMenu({ accountLinks }: { accountLinks: NavLink[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // Focus moves as the menu opens, before anything else can happen: a layout effect runs with the
  // change itself, before the browser paints the open menu.
  useLayoutEffect(() => {
    if (open) panelRef.current?.querySelector('a')?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent): void => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  const closeOnEscape = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    <div className="mobile-menu" onKeyDown={closeOnEscape}>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <span className="menu-icon" aria-hidden="true" />
        Meny
      </button>
      <div ref={panelRef} id={menuId} className="mobile-menu-panel" hidden={!open}>
        <nav aria-label="Mobilmeny">
          <NavList
            links={[...accountLinks, ...MAIN_LINKS, EMPLOYER_LINK]}
            onNavigate={() => setOpen(false)}
          />
        </nav>
      </div>
    </div>
  );
}
