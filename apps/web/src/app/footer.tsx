import { Link } from 'react-router';
import { LogoMark } from '../components/ui/logo';
import styles from './footer.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <LogoMark size={28} />
          <p>
            <strong>Shifumi</strong> — real-time rock paper scissors.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            <li>
              <Link to="/contact">Contact us</Link>
            </li>
            <li>
              <Link to="/account">My account</Link>
            </li>
            <li>
              <Link to="/howtoplay">How to play ?</Link>
            </li>
            <li>
              <Link to="/terms">Terms</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
            <li>
              <Link to="/responsible-gaming">Responsible gaming</Link>
            </li>
          </ul>
        </nav>
        <p className={styles.note}>Play for money only if it is legal where you live, and only with money you can afford to lose.</p>
      </div>
    </footer>
  );
}
