import { Link } from 'react-router-dom';
import { useOrganizationId } from './OrganizationLayout';

/** /organizations/{id}/settings: where each setting lives. */
export function OrganizationSettingsScreen() {
  const organizationId = useOrganizationId();
  const base = `/organizations/${organizationId}/settings`;
  return (
    <main className="page">
      <h1>Settings</h1>
      <ul className="item-list" aria-label="Settings">
        <li className="item-list__row">
          <div className="item-list__main">
            <Link className="item-list__title" to={`${base}/details`}>
              Details
            </Link>
            <p className="item-list__meta">The organization’s name and its billing administrator.</p>
          </div>
        </li>
        <li className="item-list__row">
          <div className="item-list__main">
            <Link className="item-list__title" to={`${base}/filters`}>
              Filters
            </Link>
            <p className="item-list__meta">
              Which element types and properties may flow from one platform to another, and how names map.
            </p>
          </div>
        </li>
        <li className="item-list__row">
          <div className="item-list__main">
            <Link className="item-list__title" to={`${base}/billing`}>
              Billing
            </Link>
            <p className="item-list__meta">
              Free models used, payment methods and the billing cycle (the owner and the billing
              administrator).
            </p>
          </div>
        </li>
      </ul>
    </main>
  );
}
