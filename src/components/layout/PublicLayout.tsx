import { AgeGate } from './AgeGate';
import { PageFrame } from './PageFrame';
import { SiteHeader } from './SiteHeader';

/** Header, main content and footer of every public page, and the 21+ gate over it on a first visit. */
export function PublicLayout() {
  return <PageFrame header={<SiteHeader />} after={<AgeGate />} />;
}
