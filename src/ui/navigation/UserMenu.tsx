import { Link } from 'react-router-dom';
import {
  orderOrganizationsForUserMenu,
  selectInitials,
  selectShowsAdminMenu,
  selectUser,
} from '../../machines/session/selectors';
import { useSessionEvents, useSessionSelector } from '../session/useSession';
import { useOrganizationDirectory } from '../organizations/useOrganizationDirectory';
import { Dropdown } from './Dropdown';

export function UserMenu() {
  const user = useSessionSelector(selectUser);
  const initials = useSessionSelector(selectInitials);
  const showsAdmin = useSessionSelector(selectShowsAdminMenu);
  const { logout } = useSessionEvents();
  const organizations = orderOrganizationsForUserMenu(
    useOrganizationDirectory().organizations,
    user?._id ?? null,
  );

  const avatar = user?.avatarUrl ? (
    <img className="avatar" src={user.avatarUrl} alt="" />
  ) : (
    <span className="avatar avatar--initials" aria-hidden="true">
      {initials}
    </span>
  );

  return (
    <Dropdown label={avatar} ariaLabel="Account menu" className="user-menu" align="end">
      {(close) => (
        <ul className="menu-list">
          <li>
            <Link to="/profile/profile" onClick={close}>
              Your Profile
            </Link>
          </li>
          {showsAdmin && (
            <li>
              <Link to="/admin" onClick={close}>
                Admin
              </Link>
            </li>
          )}
          {organizations.length > 0 && (
            <li className="menu-list__group" aria-label="Organizations">
              <ul>
                {organizations.map((organization) => (
                  <li key={organization._id}>
                    <Link to={`/organizations/${organization._id}/models`} onClick={close}>
                      {organization.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          )}
          <li>
            <Link to="/profile/organizations" onClick={close}>
              New organization
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="menu-list__action"
              onClick={() => {
                close();
                logout();
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      )}
    </Dropdown>
  );
}
