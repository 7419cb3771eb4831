import { normalizeCheckCode } from '@portal/shared/constants/listing-trust';
import { Button, Input, Spin } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BreadcrumbTrail } from '../../../components/breadcrumb-trail';
import { paths } from '../../../config/paths';
import { useCheckCode } from '../../../features/listings/api/listing-trust';
import { CheckCodeResultCard } from '../../../features/listings/components/check-code-result';
import styles from './verify.module.css';

/**
 * /verify?code=…: the public check of a 房源核验码, reached by scanning a listing's QR or by
 * typing the code from an advert. Says what was verified and when, or that the code is revoked
 * or unknown; nothing about the owner.
 */
export default function VerifyRoute() {
  const [params, setParams] = useSearchParams();
  const code = normalizeCheckCode(params.get('code') ?? '');
  const [typed, setTyped] = useState(code);
  const { data, isFetching, isError } = useCheckCode(code);

  const check = () => {
    const next = normalizeCheckCode(typed);
    if (next) setParams({ code: next });
  };

  return (
    <div className={styles.page}>
      <BreadcrumbTrail
        crumbs={[
          { label: '首页', href: paths.home.getHref() },
          { label: '二手房', href: paths.secondhandhouse.getHref({}) },
          { label: '房源核验码查验' },
        ]}
      />
      <section className={styles.intro}>
        <h1>房源核验码查验</h1>
        <p>
          二手房源经平台核对产权登记信息、审核通过后取得房源核验码。扫描房源页面的二维码，或输入广告上的核验码，即可查验房源是否真实有效。
        </p>
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            check();
          }}
        >
          <Input
            size="large"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="请输入房源核验码，如 QHD7K4M2Q9X8D"
            aria-label="房源核验码"
            maxLength={40}
            allowClear
          />
          <Button size="large" type="primary" htmlType="submit">
            查验
          </Button>
        </form>
      </section>
      {code && (
        <Spin spinning={isFetching}>
          {data && <CheckCodeResultCard result={data} />}
          {isError && <p className={styles.error}>查询失败，请稍后重试</p>}
        </Spin>
      )}
    </div>
  );
}
