import { PhoneText } from '../../../components/phone-link';
import { RouteLink } from '../../../components/route-link';
import { paths } from '../../../config/paths';
import styles from './orders.module.css';

/** Whom a buyer signs the contract with: the project's developer and sales office. */
export interface SigningContact {
  companyName?: string | null;
  salesCenter?: string | null;
  contact?: string | null;
}

/**
 * Whom to sign with: the developer's name, the sales office and its telephone (tap-to-call),
 * taken from the project of the order, and a link to the project page for everything else.
 */
function DeveloperContact({ projectId, project }: { projectId: number; project?: SigningContact }) {
  const company = project?.companyName;
  return (
    <div aria-label="签约联系方式">
      {company && <p>开发企业：{company}</p>}
      {project?.salesCenter && <p>售楼处地址：{project.salesCenter}</p>}
      {project?.contact && (
        <p>
          售楼处电话：
          <PhoneText text={project.contact} />
        </p>
      )}
      <p>
        <RouteLink
          routeKey="houseHome"
          href={paths.houseHome.getHref({ id: projectId })}
          className={styles.guidanceLink}
        >
          查看楼盘主页及售楼处信息 &gt;
        </RouteLink>
      </p>
    </div>
  );
}

/** Guidance of the 网签备案 stage (docs/product/orders.md): whom to contact, what to prepare. */
export function WebSignGuidance({
  netsignnum,
  projectId,
  project,
}: {
  netsignnum: string | null;
  projectId: number;
  project?: SigningContact;
}) {
  return (
    <div className={styles.guidance} aria-label="网签备案指引">
      {netsignnum ? (
        <p>网签合同已备案，备案编号：{netsignnum}。订约金将自动原路退还。</p>
      ) : (
        <>
          <p>请在锁定期内与开发企业签订商品房买卖合同并完成网签备案：</p>
          <DeveloperContact projectId={projectId} project={project} />
          <p>全款购房：请准备好购房款及身份证明，按合同约定时间一次性付清房款。</p>
          <p>贷款购房：请准备首付款、收入证明及银行流水，尽早向贷款银行提交按揭申请。</p>
          <p>分期购房：请与开发企业约定分期付款计划，并在合同中写明各期金额和付款时间。</p>
        </>
      )}
    </div>
  );
}
