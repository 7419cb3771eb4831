import type { CareMode } from '@portal/shared/schemas/auth';
import { apiGet, apiPut } from './api-client';
import { authStore } from './auth-store';
import { applyCareMode } from './care-mode';

/*
 * The account's copy of the 长辈版 choice (docs/product/accessibility.md): saved when a signed-in
 * citizen switches, and brought to a device when they sign in on it.
 */

/** Switches the device and, when signed in, the account too (a failed save keeps the device's). */
export async function switchCareMode(isOn: boolean): Promise<void> {
  applyCareMode(isOn);
  if (!authStore.getState().isLoggedIn) return;
  await apiPut<CareMode>('/api/users/me/care-mode', { isOn }).catch(() => undefined);
}

/**
 * After sign-in: an account that uses 长辈版 turns the device to it. A device already in the
 * mode stays in it (the citizen chose it here) and the account learns the choice.
 */
export async function followAccountCareMode(isDeviceOn: boolean): Promise<void> {
  const account = await apiGet<CareMode>('/api/users/me/care-mode').catch(() => null);
  if (!account) return;
  if (account.isOn) applyCareMode(true);
  else if (isDeviceOn) await apiPut<CareMode>('/api/users/me/care-mode', { isOn: true });
}
