import { SectionLayout } from '../navigation/SectionLayout';
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
  return <SectionLayout label="Admin" sections={sections} />;
}
