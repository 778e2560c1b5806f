import type { ReactNode } from 'react';
import { selectPanelOpen } from '../../machines/viewer/selectors';
import type { ViewerPanel } from '../../machines/viewer/types';
import { useViewerEvents, useViewerSelector } from './ViewerContext';

const panelNames: Record<ViewerPanel, string> = {
  filters: 'Filters',
  properties: 'Properties',
  changes: 'Changes',
  results: 'Results',
};

/**
 * A side panel of the viewer screen, open or collapsed to a thin rail that still names it, so the canvas can
 * have the window and nothing is lost from sight for good. The machine says which (`panel.toggle`).
 */
export function SidePanel({
  panel,
  className,
  heading,
  children,
}: {
  panel: ViewerPanel;
  className: string;
  /** The open panel's title when it says more than the panel's name (the change list names its versions). */
  heading?: string;
  children: ReactNode;
}) {
  const open = useViewerSelector(selectPanelOpen(panel));
  const { togglePanel } = useViewerEvents();
  const name = panelNames[panel];
  const bodyId = `viewer-panel-${panel}`;
  return (
    <aside className={`side-panel ${className} side-panel--${open ? 'open' : 'collapsed'}`} aria-label={name}>
      <div className="side-panel__header">
        {open && <h2>{heading ?? name}</h2>}
        <button
          type="button"
          className="side-panel__toggle"
          aria-expanded={open}
          aria-controls={open ? bodyId : undefined}
          onClick={() => togglePanel(panel)}
        >
          {open ? `Hide ${name.toLowerCase()}` : `Show ${name.toLowerCase()}`}
        </button>
      </div>
      {/* Not rendered while collapsed: a hidden panel's lists would still cost the page their layout. */}
      {open && (
        <div className="side-panel__body" id={bodyId}>
          {children}
        </div>
      )}
    </aside>
  );
}
