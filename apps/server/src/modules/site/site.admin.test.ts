import { describe, expect, it } from 'vitest';
import { useAdminTest, postFile } from '../admin/admin-test-helpers';

const c = useAdminTest();

const upload = (url: string) => postFile(c, url);

describe('site settings', () => {
  it('saves title and footer that the public site reads at once, audited', async () => {
    const current = (await c.send('GET', '/api/admin/site-settings')).json().data;
    const saved = await c.send('PUT', '/api/admin/site-settings', {
      ...current,
      title: '秦皇岛市房地产交易服务平台',
      icp: '冀ICP备00000000号',
    });
    expect(saved.statusCode).toBe(200);
    const site = (await c.t.app.inject({ url: '/api/site/settings' })).json().data;
    expect(site).toMatchObject({ title: '秦皇岛市房地产交易服务平台', icp: '冀ICP备00000000号' });
    expect((await c.lastAudit('site.update', 1))?.after).toMatchObject({
      title: '秦皇岛市房地产交易服务平台',
    });
    const bad = await c.send('PUT', '/api/admin/site-settings', { ...current, website: 'ftp://x' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('site logo', () => {
  it('accepts only a logo the logo upload stored', async () => {
    const current = (await c.send('GET', '/api/admin/site-settings')).json().data;
    const forged = await c.send('PUT', '/api/admin/site-settings', {
      ...current,
      logo: 'seed/news/cover-1.svg',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('网站标志图片无效，请重新上传');

    const logo = await upload('/api/admin/site-settings/logo');
    expect(logo.statusCode).toBe(200);
    const saved = await c.send('PUT', '/api/admin/site-settings', {
      ...current,
      logo: logo.json().data.path,
    });
    expect(saved.statusCode).toBe(200);
    expect((await c.t.app.inject({ url: '/api/site/settings' })).json().data.logo).toBe(
      logo.json().data.path,
    );
  });
});
