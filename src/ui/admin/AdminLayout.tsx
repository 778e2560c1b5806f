import { SectionLayout } from '../navigation/SectionLayout';
import './tables.css';

const sections = [
  { to: 'profile', label: 'Users' },
  { to: 'organizations', label: 'Organizations' },
  { to: 'testingGroups', label: 'Testing groups' },
] as const;

/**
 * /admin and its sub-paths (spec section 2), for internal admins. The route guard (routeAccess 'admin') sends
 * anyone else to /dashboard with 'Unauthorized access' before this renders; the server still answers them 401.
 */
export function AdminLayout() {
  return <SectionLayout label="Admin" sections={sections} />;
}
