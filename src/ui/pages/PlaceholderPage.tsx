/**
 * A route that a later issue owns: its title under the navigation, and nothing invented. The issue that builds
 * the screen replaces this element in the router.
 */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <main className="page">
      <h1>{title}</h1>
      <p className="page__note">This page is not available yet.</p>
    </main>
  );
}
