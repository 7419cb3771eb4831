import { FavouriteNewsList } from '../../../features/news/components/favourite-news-list';
import styles from './personal-title.module.css';

/** /myFavNews: the signed-in user's favourite articles (docs/product/content.md). */
export default function MyFavNewsRoute() {
  return (
    <>
      <h1 className={styles.title}>我的资讯</h1>
      <FavouriteNewsList />
    </>
  );
}
