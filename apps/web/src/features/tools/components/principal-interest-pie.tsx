import { formatFen } from '@portal/shared/domain/money';
import styles from './tools.module.css';

interface PieProps {
  principalFen: number;
  interestFen: number;
}

const RADIUS = 70;
const COLOURS = { principal: '#1677ff', interest: '#fa8c16' } as const;

function point(fraction: number): string {
  const angle = fraction * 2 * Math.PI - Math.PI / 2;
  return `${RADIUS + RADIUS * Math.cos(angle)} ${RADIUS + RADIUS * Math.sin(angle)}`;
}

/** The principal/interest split of a loan as an SVG pie with a legend. */
export function PrincipalInterestPie({ principalFen, interestFen }: PieProps) {
  const total = principalFen + interestFen;
  const share = total > 0 ? interestFen / total : 0;
  const large = share > 0.5 ? 1 : 0;
  const percent = (share * 100).toFixed(2);
  return (
    <figure className={styles.pie} aria-label="本金利息占比">
      <svg width={RADIUS * 2} height={RADIUS * 2} viewBox={`0 0 ${RADIUS * 2} ${RADIUS * 2}`}>
        <circle cx={RADIUS} cy={RADIUS} r={RADIUS} fill={COLOURS.principal} />
        {share > 0 && share < 1 && (
          <path
            d={`M ${RADIUS} ${RADIUS} L ${point(0)} A ${RADIUS} ${RADIUS} 0 ${large} 1 ${point(share)} Z`}
            fill={COLOURS.interest}
          />
        )}
      </svg>
      <figcaption className={styles.legend}>
        <span>
          <i style={{ background: COLOURS.principal }} />
          贷款本金 {formatFen(principalFen)} 元
        </span>
        <span>
          <i style={{ background: COLOURS.interest }} />
          支付利息 {formatFen(interestFen)} 元（{percent}%）
        </span>
      </figcaption>
    </figure>
  );
}
