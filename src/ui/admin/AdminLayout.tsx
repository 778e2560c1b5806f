import { NavLink, Outlet } from 'react-router-dom';
import './tables.css';

const sections = [
  { to: 'profile', label: 'Users' },
  { to: 'organizations', label: 'Organizations' },
  { to: 'testingGroups', label: 'Testing groups' },
] as const;

/**
 * /admin and its sub-paths (spec section 2), for internal admins. The role check is not shown here: the server
 * answers 401 to anyone else, and the client says 'Unauthorized access'.
 */
export function AdminLayout() {
  return (
    <div className="section-layout">
      <nav aria-label="Admin" className="section-layout__tabs">
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
