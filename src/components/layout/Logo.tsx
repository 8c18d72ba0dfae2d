import { Link } from 'react-router-dom';
import logoUrl from '../../assets/logo.svg';
import { shop } from '../../../shared/shop';

/** The shop's logo, linking to /home. */
export function Logo({ height = 48 }: { height?: number }) {
  // The SVG is 218 x 64; width and height attributes reserve its box before it loads.
  const width = Math.round((218 / 64) * height);
  return (
    <Link to="/home" className="brand">
      <img src={logoUrl} alt={`${shop.name}, home`} width={width} height={height} />
    </Link>
  );
}
