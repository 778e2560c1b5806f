import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface DropdownProps {
  /** What the toggle button shows. */
  label: ReactNode;
  /** The toggle's accessible name when `label` is not text (an avatar). */
  ariaLabel?: string;
  className?: string;
  align?: 'start' | 'end';
  /** The menu; `close` is for items that should dismiss it (links, actions). */
  children: (close: () => void) => ReactNode;
}

/** A disclosure menu: opens on click, closes on Escape, on a click outside, or when an item is chosen. */
export function Dropdown({ label, ariaLabel, className, align = 'start', children }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOnOutsideClick);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={container} className={`dropdown ${className ?? ''}`}>
      <button
        type="button"
        className="dropdown__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={ariaLabel}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {label}
      </button>
      <div id={menuId} className={`dropdown__menu dropdown__menu--${align}`} hidden={!open}>
        {children(() => setOpen(false))}
      </div>
    </div>
  );
}
