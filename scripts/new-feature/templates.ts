import type { FeatureNames } from './names';

/**
 * The files a new feature starts with: one working list endpoint from the contract to the screen
 * (the member's own items, newest first), in the shapes the rest of the code base uses, so the
 * next step is changing it into the feature.
 */

export const contractFile = (n: FeatureNames) => `import { z } from 'zod';
import { listOf, pageQuery } from './common';
import { endpoint } from './endpoint';

export const ${n.camel}ItemSchema = z.object({
  id: z.number().int(),
  text: z.string().describe('What the member wrote'),
  created_at: z.number().int().describe('When, in epoch milliseconds'),
});
export type ${n.pascal}Item = z.output<typeof ${n.camel}ItemSchema>;

export const ${n.camel}List = endpoint({
  base: 'api',
  path: '${n.kebab}/list',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "The caller's ${n.title.toLowerCase()}, newest first",
  payload: pageQuery,
  data: listOf(${n.camel}ItemSchema),
});

export const ${n.camel}Endpoints = { ${n.camel}List } as const;
`;

export const migrationFile = (n: FeatureNames) => `import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await d
    .withId(db.schema.createTable('${n.snake}'))
    .addColumn('user_id', d.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();
  // A member's list, newest first, reads this index alone.
  await db.schema
    .createIndex('${n.snake}_user')
    .on('${n.snake}')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
}
`;

export const schemaTable = (n: FeatureNames) => `
/** A member's ${n.title.toLowerCase()} (docs/product/${n.kebab}.md). */
export interface ${n.pascal}Table {
  id: Generated<number>;
  user_id: number;
  text: string;
  created_at: number;
}
`;

export const repoFile = (n: FeatureNames) => `import type { Kysely } from 'kysely';
import type { PageStart } from '../../db/keyset';
import type { DB } from '../../db/schema';

export function ${n.camel}Repo(db: Kysely<DB>) {
  const ofMember = (userId: number) => db.selectFrom('${n.snake}').where('user_id', '=', userId);
  return {
    /** Newest first, keyset over (created_at, id). */
    page: (userId: number, start: PageStart, limit: number) =>
      ofMember(userId)
        .select(['id', 'text', 'created_at'])
        .$if(start.after !== null, (q) =>
          q.where(({ eb, refTuple, tuple }) =>
            eb(refTuple('created_at', 'id'), '<', tuple(start.after![0]!, start.after![1]!)),
          ),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(start.offset)
        .limit(limit)
        .execute(),

    async count(userId: number): Promise<number> {
      const { count } = await ofMember(userId)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    async add(userId: number, text: string, now: number): Promise<number> {
      const { id } = await db
        .insertInto('${n.snake}')
        .values({ user_id: userId, text, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },
  };
}
export type ${n.pascal}Repo = ReturnType<typeof ${n.camel}Repo>;
export type ${n.pascal}Row = Awaited<ReturnType<${n.pascal}Repo['page']>>[number];
`;

export const serviceFile = (
  n: FeatureNames,
) => `import type { ${n.pascal}Item, PageQuery } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { keysetPage } from '../../db/keyset';
import type { DB } from '../../db/schema';
import type { Member } from '../../http/request-context';
import { type ${n.pascal}Row, ${n.camel}Repo } from './repo';

const toItem = (row: ${n.pascal}Row): ${n.pascal}Item => ({
  id: Number(row.id),
  text: row.text,
  created_at: Number(row.created_at),
});

/** A member's ${n.title.toLowerCase()} (docs/product/${n.kebab}.md). */
export function ${n.camel}Service({ db }: { db: Kysely<DB> }) {
  const repo = ${n.camel}Repo(db);
  return {
    async list(member: Member, query: PageQuery) {
      const [{ rows, cursor }, total] = await Promise.all([
        keysetPage(
          query,
          (r: ${n.pascal}Row) => [Number(r.created_at), Number(r.id)],
          2,
          (start, limit) => repo.page(member.id, start, limit),
        ),
        repo.count(member.id),
      ]);
      return { list: rows.map(toItem), total, cursor };
    },
  };
}
export type ${n.pascal}Service = ReturnType<typeof ${n.camel}Service>;
`;

export const routesFile = (n: FeatureNames) => `import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { ${n.pascal}Service } from './service';

export function ${n.camel}Routes(app: FastifyInstance, ${n.camel}: ${n.pascal}Service): void {
  const e = endpoints.${n.camel};
  registerEndpoint(app, e.${n.camel}List, ({ member, payload }) => ${n.camel}.list(member, payload));
}
`;

export const serverTestFile = (
  n: FeatureNames,
) => `import { endpoints, type ${n.pascal}Item } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ${n.camel}Repo } from '../src/features/${n.kebab}/repo';
import { buildTestApp, call, type TestApp } from './helper';

const list = endpoints.${n.camel}.${n.camel}List;
type Page = { list: ${n.pascal}Item[]; total: number; cursor: string | null };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('${n.kebab}/list', () => {
  it("answers a new member's empty list", async () => {
    const { token } = await t.make.member();
    const { body } = await call(t.app, list, {}, { token });
    expect(body).toEqual({ code: 1, msg: 'OK', data: { list: [], total: 0, cursor: null } });
  });

  it("pages through the member's own rows, newest first, and no one else's", async () => {
    const { user, token } = await t.make.member();
    const other = await t.make.member();
    const repo = ${n.camel}Repo(t.database.db);
    const older = await repo.add(user.id, 'older', t.clock.now);
    const newer = await repo.add(user.id, 'newer', t.clock.now + 1);
    await repo.add(other.user.id, 'not theirs', t.clock.now + 2);

    const first = (await call(t.app, list, { num: 1 }, { token })).body.data as Page;
    expect(first).toEqual({
      list: [{ id: newer, text: 'newer', created_at: t.clock.now + 1 }],
      total: 2,
      cursor: expect.any(String),
    });
    const second = (await call(t.app, list, { num: 1, cursor: first.cursor }, { token })).body.data as Page;
    expect(second).toEqual({
      list: [{ id: older, text: 'older', created_at: t.clock.now }],
      total: 2,
      cursor: null,
    });
  });
});
`;

export const queriesFile = (n: FeatureNames) => `import type { ${n.pascal}Item } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { request } from '../client';
import { pageFields, usePagedQuery } from './paged-query';

export const ${n.camel}Keys = { list: ['${n.kebab}', 'list'] as const };

/** The member's ${n.title.toLowerCase()}, newest first (docs/product/${n.kebab}.md). */
export function use${n.pascal}List() {
  return usePagedQuery<${n.pascal}Item>({
    queryKey: ${n.camel}Keys.list,
    fetchPage: (param, signal) =>
      request(routes.${n.camel}.${n.camel}List, pageFields(param), { successToast: false, signal }),
  });
}
`;

export const screenFile = (n: FeatureNames) => `import { useTranslation } from 'react-i18next';
import { use${n.pascal}List } from '../../api/queries/${n.kebab}';
import { EmptyState } from '../../ui/EmptyState';
import { useRelativeTime } from '../../ui/format';
import { NavBar } from '../../ui/NavBar';
import { PagedList } from '../../ui/PagedList';
import { Screen } from '../../ui/Screen';

/** /${n.kebab}: the member's ${n.title.toLowerCase()}, newest first (docs/product/${n.kebab}.md). */
export default function ${n.pascal}Screen() {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const query = use${n.pascal}List();
  return (
    <Screen>
      <NavBar title={t('${n.camel}.title')} />
      <PagedList
        query={query}
        testId="${n.kebab}-list"
        empty={<EmptyState text={t('${n.camel}.empty')} />}
        renderItem={(item) => (
          <p>
            {item.text}{' '}
            <time dateTime={new Date(item.created_at).toISOString()}>{relative(item.created_at)}</time>
          </p>
        )}
      />
    </Screen>
  );
}
`;

export const productPage = (n: FeatureNames) => `# ${n.title}

What ${n.title.toLowerCase()} are for, and who may use them: the first paragraph a newcomer reads.

## What a member sees

\`/${n.kebab}\` (members only) lists the member's ${n.title.toLowerCase()}, newest first (\`${n.kebab}/list\`).

## Rules

## Limits and messages
`;

/** The English strings of the screen; every other locale starts with them too, to be translated. */
export const appStrings = (n: FeatureNames) => ({
  title: n.title,
  empty: `No ${n.title.toLowerCase()} yet.`,
});
