import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, buildings, licences, projects } from '../../db/schema/index';
import {
  type AdminTestContext,
  emptiesProjectReads,
  openAdminTest,
  postFile,
  storedKeys,
} from '../admin/admin-test-helpers';

let c: AdminTestContext;
let projectId: number;

beforeAll(async () => {
  c = await openAdminTest();
  const [project] = await c.t.database.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.publishStatus, 3), isNotNull(projects.coverPath)))
    .limit(1);
  projectId = project?.id as number;
});

afterAll(async () => {
  await c?.t.dispose();
});

/** The project as the console edits it, reduced to the body of `PUT /api/admin/projects/:id`. */
async function factsOf(id: number) {
  const detail = (await c.send('GET', `/api/admin/projects/${id}`)).json().data;
  const {
    id: _id,
    districtName: _district,
    tags,
    allTags: _allTags,
    album: _album,
    licences: _licences,
    buildings: _buildings,
    ...facts
  } = detail;
  return { ...facts, tagIds: (tags as Array<{ id: number }>).map((tag) => tag.id) };
}

/** The public project page's data (cached between writes). */
async function publicProject(id: number) {
  const response = await c.t.app.inject({ url: `/api/projects/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    coverUrl: string | null;
    licenceVOS: Array<{ licence: string }>;
  };
}

describe('project facts', () => {
  it('saves prices and tags, audits the change and serves both publicly at once', async () => {
    await publicProject(projectId);
    const before = await factsOf(projectId);
    const allTags = (await c.send('GET', `/api/admin/projects/${projectId}`)).json().data
      .allTags as Array<{ id: number; tagName: string }>;
    const byId = (a: number, b: number) => a - b;
    const oldTagIds = [...before.tagIds].sort(byId);
    const added = allTags.filter((tag) => !oldTagIds.includes(tag.id)).slice(0, 2);
    expect(added.length, 'the seed has characteristic tags to add').toBeGreaterThan(0);
    const tagIds = added.map((tag) => tag.id).sort(byId);
    const platformPrice = before.platformPrice + 111;

    const saved = await c.send('PUT', `/api/admin/projects/${projectId}`, {
      ...before,
      platformPrice,
      tagIds,
    });
    expect(saved.statusCode).toBe(200);
    const pub = (await c.t.app.inject({ url: `/api/projects/${projectId}` })).json().data;
    expect(pub.platformPrice).toBe(platformPrice);
    expect([...pub.tags].sort()).toEqual(added.map((tag) => tag.tagName).sort());
    expect([...(await factsOf(projectId)).tagIds].sort(byId)).toEqual(tagIds);
    const audit = await c.lastAudit('project.update', projectId);
    expect(audit?.before).toEqual({ platformPrice: before.platformPrice, tagIds: oldTagIds });
    expect(audit?.after).toEqual({ platformPrice, tagIds });
  });
});

describe('project cover', () => {
  it('takes a cover the picture upload issued, audited, and serves it publicly at once', async () => {
    const before = await factsOf(projectId);
    const oldCover = (await publicProject(projectId)).coverUrl;
    expect(oldCover).toBe(before.coverPath);

    for (const coverPath of ['seed/projects/facade-1.svg', 'admin/images/../../x.png']) {
      const forged = await c.send('PUT', `/api/admin/projects/${projectId}`, {
        ...before,
        coverPath,
      });
      expect(forged.statusCode, coverPath).toBe(400);
      expect(forged.json().message).toBe('封面图片无效，请重新上传');
    }

    const uploaded = await postFile(c, '/api/admin/uploads?kind=image');
    const coverPath = uploaded.json().data.path as string;
    expect(
      await emptiesProjectReads(async () => {
        const saved = await c.send('PUT', `/api/admin/projects/${projectId}`, {
          ...before,
          coverPath,
        });
        expect(saved.statusCode).toBe(200);
      }),
    ).toBe(true);
    expect((await publicProject(projectId)).coverUrl).toBe(coverPath);
    const audit = await c.lastAudit('project.update', projectId);
    expect(audit?.actorId).toBe(c.adminId);
    expect(audit?.before).toEqual({ coverPath: oldCover });
    expect(audit?.after).toEqual({ coverPath });

    const { coverPath: _kept, ...withoutCover } = before;
    const again = await c.send('PUT', `/api/admin/projects/${projectId}`, withoutCover);
    expect(again.statusCode).toBe(200);
    expect((await factsOf(projectId)).coverPath).toBe(coverPath);
    expect((await c.lastAudit('project.update', projectId))?.after).toEqual({});
  });
});

describe('project album', () => {
  it('adds and removes a picture, each audited', async () => {
    const added = await postFile(c, `/api/admin/projects/${projectId}/album?group=real`);
    expect(added.statusCode).toBe(200);
    const attachmentId = added.json().data.id as number;
    const detail = (await c.send('GET', `/api/admin/projects/${projectId}`)).json().data;
    const item = detail.album.find((a: { id: number }) => a.id === attachmentId);
    expect(item).toMatchObject({ group: 'real' });
    expect(await storedKeys(c, `project/${projectId}/`)).toContain(item.path);
    expect((await c.lastAudit('project.albumAdd', projectId))?.after).toMatchObject({
      attachmentId,
      group: 'real',
      path: item.path,
    });

    const removed = await c.send(
      'DELETE',
      `/api/admin/projects/${projectId}/album/${attachmentId}`,
    );
    expect(removed.statusCode).toBe(200);
    const rows = await c.t.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.id, attachmentId));
    expect(rows).toHaveLength(0);
    expect((await c.lastAudit('project.albumRemove', projectId))?.before).toMatchObject({
      attachmentId,
      path: item.path,
    });
    expect(
      (await c.send('DELETE', `/api/admin/projects/${projectId}/album/${attachmentId}`)).statusCode,
    ).toBe(404);
  });

  it('answers 404 for an unknown project without storing the file', async () => {
    const response = await postFile(c, '/api/admin/projects/99999999/album?group=real');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('楼盘不存在');
    expect(await storedKeys(c, 'project/99999999/')).toEqual([]);
  });
});

describe('pre-sale licences', () => {
  const licence = {
    licenceNo: '秦房预售证第2026099号',
    buildingNames: '1#、2#',
    issueDate: '2026-03-01',
    scope: '住宅',
  };

  it('creates and edits a licence, audited, and refuses a duplicate number with 409', async () => {
    const created = await c.send('POST', `/api/admin/projects/${projectId}/licences`, licence);
    expect(created.statusCode).toBe(200);
    const licenceId = created.json().data.id as number;
    const [row] = await c.t.database.db.select().from(licences).where(eq(licences.id, licenceId));
    expect(row).toMatchObject({ licenceNo: licence.licenceNo, projectId });
    expect((await c.lastAudit('licence.create', projectId))?.after).toMatchObject({
      licenceId,
      licenceNo: licence.licenceNo,
    });

    const edited = await c.send('PUT', `/api/admin/projects/${projectId}/licences/${licenceId}`, {
      ...licence,
      buildingNames: '1#、2#、3#',
    });
    expect(edited.statusCode).toBe(200);
    const audit = await c.lastAudit('licence.update', projectId);
    expect(audit?.before).toMatchObject({ buildingNames: '1#、2#' });
    expect(audit?.after).toMatchObject({ licenceId, buildingNames: '1#、2#、3#' });

    const duplicate = await c.send('POST', `/api/admin/projects/${projectId}/licences`, licence);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('该预售许可证号已存在');
  });
});

describe('deleting a pre-sale licence', () => {
  const mistaken = {
    licenceNo: '秦房预售证第2026011号',
    buildingNames: '9#',
    issueDate: '2026-02-01',
    scope: '住宅（误录）',
  };

  it('deletes a licence entered by mistake, audited, and the public page drops it', async () => {
    const created = await c.send('POST', `/api/admin/projects/${projectId}/licences`, mistaken);
    const licenceId = created.json().data.id as number;
    const shown = (await publicProject(projectId)).licenceVOS.map((l) => l.licence);
    expect(shown).toContain(mistaken.licenceNo);

    expect(
      await emptiesProjectReads(async () => {
        const removed = await c.send(
          'DELETE',
          `/api/admin/projects/${projectId}/licences/${licenceId}`,
        );
        expect(removed.statusCode).toBe(200);
        expect(removed.json().message).toBe('已删除');
      }),
    ).toBe(true);
    const rows = await c.t.database.db.select().from(licences).where(eq(licences.id, licenceId));
    expect(rows).toHaveLength(0);
    const after = (await publicProject(projectId)).licenceVOS.map((l) => l.licence);
    expect(after).not.toContain(mistaken.licenceNo);
    const audit = await c.lastAudit('licence.delete', projectId);
    expect(audit?.actorId).toBe(c.adminId);
    expect(audit?.before).toEqual({ licenceId, ...mistaken });
    expect(audit?.after).toBeNull();

    const again = await c.send('DELETE', `/api/admin/projects/${projectId}/licences/${licenceId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('预售许可证不存在');
  });

  it('refuses a licence its buildings rest on, and one of another project', async () => {
    const db = c.t.database.db;
    const [linked] = await db
      .select({ id: licences.id, projectId: licences.projectId, building: buildings.name })
      .from(licences)
      .innerJoin(buildings, eq(buildings.licenceId, licences.id))
      .where(ne(licences.projectId, projectId))
      .limit(1);
    expect(linked, 'the seed links buildings to licences').toBeDefined();
    const url = `/api/admin/projects/${linked?.projectId}/licences/${linked?.id}`;
    const refused = await c.send('DELETE', url);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('该预售许可证已关联楼栋');
    expect(refused.json().message).toContain(linked?.building);
    expect(
      await db
        .select()
        .from(licences)
        .where(eq(licences.id, linked?.id as number)),
    ).toHaveLength(1);
    expect(await c.lastAudit('licence.delete', linked?.projectId as number)).toBeUndefined();

    const otherProject = (linked?.projectId as number) === projectId ? projectId + 1 : projectId;
    const foreign = await c.send(
      'DELETE',
      `/api/admin/projects/${otherProject}/licences/${linked?.id}`,
    );
    expect(foreign.statusCode).toBe(404);
  });
});
