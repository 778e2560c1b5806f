import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { selectIsInternalAdmin, selectShowsTopNavigation } from '../../machines/session/selectors';
import { useSessionSelector } from '../session/useSession';
import { Dropdown } from './Dropdown';
import { documentationMenu } from './externalLinks';
import { UserMenu } from './UserMenu';

/** Spec section 2: shown only when the user has a first name; collapses below the md breakpoint (768px). */
export function TopNavigation() {
  const shown = useSessionSelector(selectShowsTopNavigation);
  const showsStats = useSessionSelector(selectIsInternalAdmin);
  const [expanded, setExpanded] = useState(false);
  // The bug report offers the page the user was on, to help reproduce what they saw.
  const { pathname } = useLocation();
  if (!shown) return null;

  const collapse = () => setExpanded(false);
  return (
    <header className="top-nav">
      <Link to="/dashboard" className="top-nav__brand" onClick={collapse}>
        Gusset
      </Link>
      <button
        type="button"
        className="top-nav__toggle"
        aria-expanded={expanded}
        aria-controls="top-nav-links"
        aria-label="Menu"
        onClick={() => setExpanded((wasExpanded) => !wasExpanded)}
      >
        <span className="top-nav__toggle-bar" />
        <span className="top-nav__toggle-bar" />
        <span className="top-nav__toggle-bar" />
      </button>
      <nav
        id="top-nav-links"
        aria-label="Main"
        className={`top-nav__links ${expanded ? 'top-nav__links--expanded' : ''}`}
      >
        <NavLink to="/dashboard" onClick={collapse}>
          Dashboard
        </NavLink>
        <NavLink to="/models" onClick={collapse}>
          Models
        </NavLink>
        <Dropdown label="Documentation" className="top-nav__documentation">
          {(close) => (
            <ul className="menu-list">
              {documentationMenu.map((entry) => (
                <li key={entry.label}>
                  <a href={entry.href} target="_blank" rel="noopener noreferrer" onClick={close}>
                    {entry.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </Dropdown>
        <NavLink to="/downloadPlugins" onClick={collapse}>
          Get Plugins
        </NavLink>
        <NavLink to="/bugReport" state={{ from: pathname }} onClick={collapse}>
          Help
        </NavLink>
        {showsStats && (
          <NavLink to="/usageAnalytics" onClick={collapse}>
            Stats
          </NavLink>
        )}
      </nav>
      <UserMenu />
    </header>
  );
}
