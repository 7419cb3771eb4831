import { useCallback, useState } from 'react';
import { BuildingTable } from '../../../features/building-table/components/building-table';
import { useDepositFlow } from '../../../features/orders/hooks/use-deposit-flow';
import { ProjectPageFrame } from '../../../features/projects/components/project-page-frame';
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
  const { start: startDeposit, pendingRoomId } = useDepositFlow(openRealname);
  const handleDeposit = useCallback((roomId: number) => void startDeposit(roomId), [startDeposit]);
  return (
    <>
      <ProjectPageFrame section="楼盘表" active="houses">
        {(project) => (
          <BuildingTable
            projectId={project.id}
            onDeposit={handleDeposit}
            pendingRoomId={pendingRoomId}
            houseModels={project.houseModels}
          />
        )}
      </ProjectPageFrame>
      <Deferred when={isRealnameOpen}>
        <RealnameDialog open={isRealnameOpen} onClose={() => setIsRealnameOpen(false)} />
      </Deferred>
    </>
  );
}
