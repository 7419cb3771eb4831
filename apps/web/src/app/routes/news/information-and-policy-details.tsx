import { Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { QrCodeArt } from '../../../components/qr-code-art';
import { SectionPanel } from '../../../components/section-panel';
import { MINI_PROGRAM_QR_TEXT } from '../../../config/site';
import { useNewsDetail } from '../../../features/news/api/news-api';
import { FeaturedProjects } from '../../../features/news/components/featured-projects';
import { NewsArticle } from '../../../features/news/components/news-article';
import { useAuth } from '../../../lib/auth-store';
import styles from './news-pages.module.css';

/** /informationAndPolicyDetails?id=…: the article, a mini-program QR and recommended projects. */
export default function InformationAndPolicyDetails() {
  const [searchParams] = useSearchParams();
  const id = Number(searchParams.get('id'));
  const isLoggedIn = useAuth((state) => state.isLoggedIn);
  const { data: article, isPending, isError } = useNewsDetail(id, isLoggedIn);
  const isValidId = Number.isInteger(id) && id > 0;

  return (
    <div className={styles.detail}>
      <div className={styles.main}>
        {!isValidId || isError ? (
          <div className={styles.missing}>
            <EmptyState description="文章不存在或已下线" />
          </div>
        ) : isPending || !article ? (
          <Spin className={styles.spin} />
        ) : (
          <NewsArticle article={article} />
        )}
      </div>
      <aside className={styles.aside}>
        <SectionPanel title="掌上服务">
          <div className={styles.promo}>
            <QrCodeArt value={MINI_PROGRAM_QR_TEXT} label="小程序二维码" size={120} />
            <span>微信扫码打开小程序，随时查房源、看政策</span>
          </div>
        </SectionPanel>
        <FeaturedProjects />
      </aside>
    </div>
  );
}
