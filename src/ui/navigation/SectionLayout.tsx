import { NavLink, Outlet } from 'react-router-dom';

export interface Section {
  /** Relative to the layout's route, or absolute. */
  to: string;
  label: string;
}

/** A page with tabs over its sub-routes (profile, admin, an organization): the tabs, then the chosen sub-page. */
export function SectionLayout(props: { label: string; sections: readonly Section[]; context?: string }) {
  return (
    <div className="section-layout">
      {props.context !== undefined && <p className="section-layout__context">{props.context}</p>}
      <nav aria-label={props.label} className="section-layout__tabs">
        {props.sections.map((section) => (
          <NavLink key={section.to} to={section.to}>
            {section.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
