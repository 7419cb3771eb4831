import { expect, test } from '@playwright/test';

/**
 * A page opened within the app (docs/decisions/0081-page-code-lists-out-of-the-first-load.md):
 * the route table names only the page's route chunk and style sheets, and the app preloads the
 * rest of its chunks from the build's list, fetched once as the app starts. Opening /newHouse
 * from the home page fetches every chunk of that list at once, each once (the preload and the
 * import share one download), and draws the page styled, without a console error.
 */
test('a page opened from the home page preloads its chunks from the build’s list, each once', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const scripts = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) {
      scripts.set(pathname, (scripts.get(pathname) ?? 0) + 1);
    }
  });
  const listAnswer = page.waitForResponse((answer) =>
    /\/assets\/route-code-[\w-]+\.json$/.test(new URL(answer.url()).pathname),
  );
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  // Fetched as the app starts, before any other page is opened.
  const list = (await (await listAnswer).json()) as {
    files: string[];
    pages: Record<string, number[]>;
  };
  const newHouse = (list.pages['/newHouse'] ?? []).map((n) => `/${list.files[n]}`);
  expect(newHouse.length).toBeGreaterThan(5);
  const before = new Set(scripts.keys());

  await page
    .getByRole('navigation', { name: '主导航' })
    .getByRole('link', { name: '新房', exact: true })
    .click();
  await expect(page).toHaveURL(/\/newHouse$/);
  const results = page.getByRole('region', { name: '楼盘列表' });
  await expect(results).toBeVisible();
  for (const file of newHouse) {
    await expect(page.locator(`link[rel="modulepreload"][href="${file}"]`)).toHaveCount(1);
  }
  // Every chunk of the page was fetched, and none twice.
  for (const file of newHouse.filter((file) => !before.has(file))) {
    expect(scripts.get(file), file).toBe(1);
  }
  // Drawn with its style sheets (the list's padding is the page's own style sheet's).
  expect(await results.evaluate((element) => getComputedStyle(element).paddingLeft)).toBe('20px');
  expect(errors).toEqual([]);
});
