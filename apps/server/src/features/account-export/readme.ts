import { DEFAULT_LOCALE, LOCALE_VALUES, type Locale, type MessageKey } from '@pixelhall/contract';
import { translator } from '../../i18n';
import { JSON_FILES, type JsonFile } from './data';

const FILE_KEYS: Record<JsonFile, MessageKey> = {
  profile: 'export.file_profile',
  posts: 'export.file_posts',
  comments: 'export.file_comments',
  likes: 'export.file_likes',
  follows: 'export.file_follows',
  blacklist: 'export.file_blacklist',
  mutes: 'export.file_mutes',
  wallet: 'export.file_wallet',
  props: 'export.file_props',
  achievements: 'export.file_achievements',
  bets: 'export.file_bets',
  archives: 'export.file_archives',
  favourites: 'export.file_favourites',
  reports: 'export.file_reports',
};

const asLocale = (locale: string): Locale =>
  (LOCALE_VALUES as readonly string[]).includes(locale) ? (locale as Locale) : DEFAULT_LOCALE;

/**
 * README.txt: what each file of the zip holds, in the language the member asked in. Plain text
 * with CRLF line ends, so Notepad shows it as well as any other reader.
 */
export function readme({ username, locale, now }: { username: string; locale: string; now: number }): string {
  const t = translator(asLocale(locale));
  const date = new Date(now).toISOString().replace('T', ' ').slice(0, 16);
  const title = t('export.readme_title');
  const lines = [
    title,
    '='.repeat(Math.max(title.length, 8)),
    '',
    t('export.readme_made', { username, date }),
    t('export.readme_times'),
    '',
    t('export.readme_contents'),
    '',
    ...JSON_FILES.map((name) => `- ${name}.json: ${t(FILE_KEYS[name])}`),
    `- files/: ${t('export.file_folder')}`,
    '',
    t('export.readme_keep'),
    '',
  ];
  return lines.join('\r\n');
}
