import { PageTitle } from '../../../components/page-title';
import { AboutOffice } from '../../../features/home/components/about-office';

/** /about: the portal's introduction and the transaction hall on the map (docs/product/content.md). */
export default function AboutRoute() {
  return (
    <>
      <PageTitle>关于我们</PageTitle>
      <AboutOffice />
    </>
  );
}
