import { compareVersions } from '@pixelhall/contract';
import type { AppVersionsRepo } from './repo';

export function appVersionService({
  repo,
  clock = Date.now,
}: {
  repo: AppVersionsRepo;
  clock?: () => number;
}) {
  return {
    /**
     * Versions are few (one row per release), so they are sorted here with the contract's
     * numeric comparison rather than by text in SQL, where "1.10" would sort before "1.9".
     */
    async check(clientVersion: string) {
      const releases = (await repo.all()).sort((a, b) => compareVersions(b.version, a.version));
      const latest = releases[0];
      const newer = releases.filter((r) => compareVersions(r.version, clientVersion) > 0);
      return {
        current_version: clientVersion,
        latest_version:
          latest && compareVersions(latest.version, clientVersion) > 0 ? latest.version : clientVersion,
        has_update: newer.length > 0,
        force_update: newer.some((r) => r.force_update === 1),
        notes: newer[0]?.notes ?? latest?.notes ?? '',
        released_at: (newer[0] ?? latest)?.released_at ?? null,
        download_url: newer[0]?.download_url ?? null,
      };
    },

    publish(input: { version: string; notes: string; force?: boolean; downloadUrl?: string | null }) {
      return repo.upsert({
        version: input.version,
        notes: input.notes,
        force_update: input.force ?? false,
        download_url: input.downloadUrl ?? null,
        released_at: clock(),
      });
    },
  };
}
export type AppVersionService = ReturnType<typeof appVersionService>;
