import { ConvenienceServices } from '../../../features/home/components/convenience-services';
import { FeedbackEntry } from '../../../features/home/components/feedback-entry';
import { HomeHero } from '../../../features/home/components/home-hero';
import { HomeSearch } from '../../../features/home/components/home-search';
import { SiteMap } from '../../../features/home/components/site-map';
import styles from './home.module.css';

/** / and /home: the portal's front page (spec 1 §2). */
export default function HomeRoute() {
  return (
    <div className={styles.home}>
      <HomeHero>
        <HomeSearch />
      </HomeHero>
      <div className={styles.serviceRow}>
        <ConvenienceServices className={styles.services} />
        <FeedbackEntry className={styles.feedback} />
      </div>
      <SiteMap />
    </div>
  );
}
