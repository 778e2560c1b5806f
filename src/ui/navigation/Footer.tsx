import { Link } from 'react-router-dom';
import { externalLinks } from './externalLinks';

export function Footer() {
  return (
    <footer className="footer">
      <nav aria-label="Footer" className="footer__links">
        <a href={externalLinks.productSite} target="_blank" rel="noopener noreferrer">
          Gusset
        </a>
        <a href={externalLinks.documentation} target="_blank" rel="noopener noreferrer">
          Documentation
        </a>
        <Link to="/bugReport">Report a Bug</Link>
        <a href={externalLinks.privacy} target="_blank" rel="noopener noreferrer">
          Privacy
        </a>
      </nav>
      <p className="footer__copyright">© {new Date().getFullYear()} Gusset</p>
    </footer>
  );
}
