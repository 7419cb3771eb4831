import { RECORD_SECTION_TITLES } from '@portal/shared/constants/page-titles';
import { Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useCommunity } from '../../../features/buyer-facts/api/buyer-facts';
import { CommunityView } from '../../../features/buyer-facts/components/community-page';
import { usePageTitle } from '../../../lib/page-title';

/** /community?id=…: one 小区 (docs/product/communities.md). */
export default function CommunityRoute() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const { data, isPending, isError } = useCommunity(id);
  usePageTitle(data ? [data.name, RECORD_SECTION_TITLES.community] : null);
  if (isPending && Number.isInteger(id) && id > 0) return <Spin style={{ display: 'block' }} />;
  if (isError || !data) return <EmptyState description="小区不存在" />;
  return <CommunityView community={data} />;
}
