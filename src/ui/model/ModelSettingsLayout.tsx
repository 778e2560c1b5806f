import { NavLink, Outlet } from 'react-router-dom';
import { ownMessages } from '../../contract/errors';
import { selectCanAdminister, selectIsLimitedView } from '../../machines/model/selectors';
import { useModelPageSelector } from './ModelPageContext';

/** /model/{id}/settings/…: the model's settings, filters, export and deletion. */
export function ModelSettingsLayout() {
  const limitedView = useModelPageSelector(selectIsLimitedView);
  const canAdminister = useModelPageSelector(selectCanAdminister);
  if (limitedView) {
    return <p className="form-message form-message--notice">{ownMessages.limitedViewOnly}</p>;
  }
  return (
    <div className="section-layout">
      <nav aria-label="Model settings" className="section-layout__tabs">
        <NavLink to="settings">Settings</NavLink>
        <NavLink to="filters">Filters</NavLink>
        <NavLink to="export">Export</NavLink>
        {canAdminister && <NavLink to="deleteModel">Delete model</NavLink>}
      </nav>
      <Outlet />
    </div>
  );
}
