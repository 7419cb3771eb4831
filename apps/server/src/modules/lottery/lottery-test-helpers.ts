import { type AdminTestContext, multipartFile, TINY_PNG } from '../admin/admin-test-helpers';

type InjectResponse = Awaited<ReturnType<AdminTestContext['t']['app']['inject']>>;

/** Posts one file to the 证明材料 upload as `headers`' citizen. */
export function postProof(
  c: AdminTestContext,
  headers: { authorization: string },
  file = multipartFile('户口簿.png', 'image/png', TINY_PNG),
): Promise<InjectResponse> {
  return c.t.app.inject({
    method: 'POST',
    url: '/api/lottery/proofs',
    headers: { ...headers, 'content-type': file.contentType },
    payload: file.payload,
  });
}

/** Uploads a small picture as a proof and answers its key. */
export async function uploadProof(
  c: AdminTestContext,
  headers: { authorization: string },
): Promise<string> {
  const response = await postProof(c, headers);
  if (response.statusCode !== 200) throw new Error(`proof upload failed: ${response.body}`);
  return response.json().data.path as string;
}
