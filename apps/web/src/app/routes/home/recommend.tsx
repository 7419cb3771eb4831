import { RecommendList } from '../../../features/home/components/recommend-list';
import styles from './personal-title.module.css';

/** /recommend: projects recommended for the user's demand (docs/product/content.md; personal-centre menu group 1). */
export default function RecommendRoute() {
  return (
    <>
      <h1 className={styles.title}>推荐楼盘</h1>
      <RecommendList />
    </>
  );
}
