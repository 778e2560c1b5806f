import { selectUser } from '../../machines/session/selectors';
import { useSessionSelector } from '../app/hooks';

/** /dashboard: the signed-in user's home. Organizations and models join it in a later issue. */
export function DashboardScreen() {
  const user = useSessionSelector(selectUser);
  return (
    <main className="page dashboard">
      <h1>Welcome{user ? `, ${user.firstName}` : ''}</h1>
      {user && (
        <p className="dashboard__name">
          Signed in as {user.firstName} {user.lastName} ({user.emailAddress})
        </p>
      )}
      <section className="card" aria-labelledby="dashboard-coming">
        <h2 id="dashboard-coming">Organizations and models</h2>
        <p>Your organizations and models are not shown here yet: they arrive in a later version of Gusset.</p>
      </section>
    </main>
  );
}
