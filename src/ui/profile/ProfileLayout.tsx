import { NavLink, Outlet } from 'react-router-dom';

const sections = [
  { to: 'profile', label: 'Profile' },
  { to: 'image', label: 'Image' },
  { to: 'preferences', label: 'Preferences' },
  { to: 'organizations', label: 'Organizations' },
] as const;

/** /profile and its sub-paths (spec section 2). */
export function ProfileLayout() {
  return (
    <div className="section-layout">
      <nav aria-label="Profile" className="section-layout__tabs">
        {sections.map((section) => (
          <NavLink key={section.to} to={section.to}>
            {section.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
