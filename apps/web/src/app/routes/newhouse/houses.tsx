import { useCallback, useState } from 'react';
import { BuildingTable } from '../../../features/building-table/components/building-table';
import { ProjectPageFrame } from '../../../features/newhouse/components/project-page-frame';
import { Deferred, lazyNamed } from '../../../lib/deferred';

// The real-name dialog (antd Modal and its QR code) loads when it is first needed.
const RealnameDialog = lazyNamed(
  () => import('../../../features/account/components/realname-dialog'),
  'RealnameDialog',
);

/** /houses: the project's full building table and the start of the deposit flow (docs/product/new-build.md). */
export default function HousesRoute() {
  const [isRealnameOpen, setIsRealnameOpen] = useState(false);
  const openRealname = useCallback(() => setIsRealnameOpen(true), []);
  return (
    <>
      <ProjectPageFrame section="楼盘表" active="houses">
        {(project) => <BuildingTable projectId={project.id} onRealnameRequired={openRealname} />}
      </ProjectPageFrame>
      <Deferred when={isRealnameOpen}>
        <RealnameDialog open={isRealnameOpen} onClose={() => setIsRealnameOpen(false)} />
      </Deferred>
    </>
  );
}
