import { Link, useLocation } from 'react-router-dom';
import { externalLinks } from './externalLinks';

export function Footer() {
  // The bug report offers the page the user was on, to help reproduce what they saw.
  const { pathname } = useLocation();
  return (
    <footer className="footer">
      <nav aria-label="Footer" className="footer__links">
        <a href={externalLinks.productSite} target="_blank" rel="noopener noreferrer">
          Gusset
        </a>
        <a href={externalLinks.documentation} target="_blank" rel="noopener noreferrer">
          Documentation
        </a>
        <Link to="/bugReport" state={{ from: pathname }}>
          Report a Bug
        </Link>
        <a href={externalLinks.privacy} target="_blank" rel="noopener noreferrer">
          Privacy
        </a>
      </nav>
      <p className="footer__copyright">© {new Date().getFullYear()} Gusset</p>
    </footer>
  );
}
