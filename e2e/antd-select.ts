import { expect, type Locator, type Page } from '@playwright/test';

/** The antd Select (its `.ant-select` box) holding the combobox `input`. */
export const selectOf = (page: Page, input: Locator): Locator =>
  page.locator('.ant-select').filter({ has: input });

/**
 * Picks `option` in the antd Select `select` (its `.ant-select` box) and waits until the select
 * shows it. On a loaded machine a click can land while the drop-down is still animating open and
 * be lost; then the drop-down is opened again if needed and the option clicked again, as a
 * person would.
 */
export async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  await expect(async () => {
    const isOpen = await select.evaluate((el) => el.classList.contains('ant-select-open'));
    if (!isOpen) await select.click();
    await page
      .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`)
      .click({ timeout: 3_000 });
    await expect(select).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}
