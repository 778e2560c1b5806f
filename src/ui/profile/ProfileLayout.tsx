import { SectionLayout } from '../navigation/SectionLayout';

const sections = [
  { to: 'profile', label: 'Profile' },
  { to: 'image', label: 'Image' },
  { to: 'preferences', label: 'Preferences' },
  { to: 'organizations', label: 'Organizations' },
] as const;

/** /profile and its sub-paths (spec section 2). */
export function ProfileLayout() {
  return <SectionLayout label="Profile" sections={sections} />;
}
