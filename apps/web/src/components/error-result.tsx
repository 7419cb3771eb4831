import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import styles from './error-result.module.css';

export const ERROR_TEXTS = {
  notFound: { status: '404', title: '404', subTitle: '抱歉，您访问的页面不存在' },
  serverError: { status: '500', title: '500', subTitle: '服务器开小差了，请稍后再试' },
} as const;

interface ErrorResultProps {
  kind: keyof typeof ERROR_TEXTS;
}

/** The body of the /404 and /500 pages, with a 返回首页 link (docs/product/site-shell.md). */
export function ErrorResult({ kind }: ErrorResultProps) {
  const navigate = useNavigate();
  const text = ERROR_TEXTS[kind];
  const homeHref = paths.home.getHref();
  return (
    <Result
      className={styles.result}
      status={text.status}
      title={<h1 className={styles.heading}>{text.title}</h1>}
      subTitle={text.subTitle}
      extra={
        <Button
          type="primary"
          href={homeHref}
          onClick={(event) => {
            event.preventDefault();
            navigate(homeHref);
          }}
        >
          返回首页
        </Button>
      }
    />
  );
}
