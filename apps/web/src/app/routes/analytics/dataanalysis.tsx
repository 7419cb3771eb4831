import { PageTitle } from '../../../components/page-title';
import { Dashboard } from '../../../features/analytics/components/dashboard';

/** /dataanalysis: 数据分析 (spec 3 §2.7). */
export default function DataAnalysisRoute() {
  return (
    <>
      <PageTitle>数据分析</PageTitle>
      <Dashboard />
    </>
  );
}
