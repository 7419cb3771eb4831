import { PageTitle } from '../../../components/page-title';
import { AboutOffice } from '../../../features/home/components/about-office';

/** /about: the portal's introduction and the transaction hall on the map (spec 3 §2.11). */
export default function AboutRoute() {
  return (
    <>
      <PageTitle>关于我们</PageTitle>
      <AboutOffice />
    </>
  );
}
