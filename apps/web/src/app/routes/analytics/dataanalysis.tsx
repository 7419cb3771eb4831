import { PageTitle } from '../../../components/page-title';
import { Dashboard } from '../../../features/analytics/components/dashboard';

/** /dataanalysis: 数据分析 (docs/product/content.md). */
export default function DataAnalysisRoute() {
  return (
    <>
      <PageTitle>数据分析</PageTitle>
      <Dashboard />
    </>
  );
}
