import type { ProfileUpdate } from '@portal/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiPut } from '../../../lib/api-client';

/** Saves 昵称, 性别, 生日 and 个性签名 (docs/product/accounts.md). */
export function updateProfile(body: ProfileUpdate): Promise<null> {
  return apiPut<null>('/api/users/me', body, { toast: true });
}

/** Uploads the cropped 200×200 JPEG as field `file` named avatar.jpg; answers its stored path. */
export function uploadAvatar(image: Blob): Promise<{ path: string }> {
  const form = new FormData();
  form.append('file', image, 'avatar.jpg');
  return apiPost<{ path: string }>('/api/users/me/avatar', form, { toast: true });
}

/** A mutation that refreshes the current user (header, top bar) after it succeeds. */
export function useProfileMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth', 'me'] }),
  });
}
