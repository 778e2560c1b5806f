import { Link } from 'react-router-dom';

const capabilities = [
  {
    title: 'Translate models between tools',
    text: 'Move a structural model between ETABS, SAP2000, RAM, Revit, Tekla, Grasshopper and Excel without rebuilding it.',
  },
  {
    title: 'Track changes between versions',
    text: 'Every upload becomes a version; see what was added, removed or modified, down to geometry, name, profile and material.',
  },
  {
    title: 'Share with your team',
    text: 'Invite collaborators to a model as admins, modelers or viewers, inside your organization.',
  },
  {
    title: 'View in 3D, in the browser',
    text: 'Open any version online and look at the changes in place, with nothing to install.',
  },
  {
    title: 'Repair models automatically',
    text: 'Find connectivity problems and fix them, then keep the repair as a new version.',
  },
] as const;

/** `/`: what Gusset does, and the two ways in. */
export function LandingScreen() {
  return (
    <main className="landing">
      <header className="landing__hero">
        <h1>Gusset</h1>
        <p>
          Translate, compare, share, view and repair structural models: one place for the structural engineer.
        </p>
        <nav aria-label="Account" className="landing__actions">
          <Link to="/login">Log in</Link>
          <Link to="/signup">Sign up</Link>
        </nav>
      </header>
      <section aria-labelledby="landing-capabilities">
        <h2 id="landing-capabilities">What Gusset does for structural engineers</h2>
        <ul className="landing__capabilities">
          {capabilities.map((capability) => (
            <li key={capability.title}>
              <h3>{capability.title}</h3>
              <p>{capability.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
