import { z } from 'zod';
import { MUTE_WORD_MAX, MUTE_WORDS_MAX, validateMuteWord } from '../mute-words';
import { idField, listOf, pageQuery } from './common';
import { authorSchema } from './community-common';
import { endpoint } from './endpoint';

/** How long a member mute lasts: a day, a week (from now), or until it is taken back. */
export const MUTE_DURATIONS = ['day', 'week', 'forever'] as const;
export type MuteDuration = (typeof MUTE_DURATIONS)[number];

/** A member the caller muted, as mute/list shows them. */
export const mutedMemberSchema = authorSchema.extend({
  until_at: z.number().int().nullable().describe('When the mute ends (epoch ms); null: until unmuted'),
  muted_at: z.number().int().describe('When the mute was set or last changed (epoch ms)'),
});
export type MutedMember = z.output<typeof mutedMemberSchema>;

export const mutedWordSchema = z.object({
  id: z.number().int(),
  phrase: z.string().describe('As the member typed it, trimmed'),
  created_at: z.number().int(),
});
export type MutedWord = z.output<typeof mutedWordSchema>;

export const muteWordField = z
  .string({ error: 'validation.mute_word_required' })
  .trim()
  .superRefine((value, ctx) => {
    const key = validateMuteWord(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  })
  .describe(
    `A word or phrase, at most ${MUTE_WORD_MAX} characters; compared after NFKC and lower case, inside words for CJK, Hangul and other unspaced scripts, as whole words otherwise`,
  );

/**
 * Why a post or comment is folded for the viewer: the muted words and phrases (as the viewer typed
 * them) its text contains. Absent when nothing matched; the text is still there, behind "Show anyway".
 */
export const foldedSchema = z
  .object({ words: z.array(z.string()).min(1) })
  .optional()
  .describe('Only for the caller: their muted words this text contains; absent when there are none');

export const muteUser = endpoint({
  base: 'api',
  path: 'mute/user',
  auth: 'required',
  summary:
    "Mute a member for a day, a week or until unmuted: their posts, comments and news leave the caller's views. They are not told. Muting again sets the new duration",
  payload: z.object({ user_id: idField, duration: z.enum(MUTE_DURATIONS) }),
  data: z.object({
    muted: z.literal(true),
    until_at: z.number().int().nullable().describe('When the mute ends (epoch ms); null: until unmuted'),
  }),
});

export const unmuteUser = endpoint({
  base: 'api',
  path: 'unmute/user',
  auth: 'required',
  summary: 'Take back a mute of a member (nothing changes when there was none)',
  payload: z.object({ user_id: idField }),
  data: z.object({ muted: z.literal(false) }),
});

export const muteList = endpoint({
  base: 'api',
  path: 'mute/list',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: 'The members the caller muted whose mute still runs, most recently muted first',
  payload: pageQuery,
  data: listOf(mutedMemberSchema),
});

export const muteWord = endpoint({
  base: 'api',
  path: 'mute/word',
  auth: 'required',
  summary: `Mute a word or phrase (at most ${MUTE_WORDS_MAX}): posts and comments containing it come folded`,
  payload: z.object({ phrase: muteWordField }),
  data: mutedWordSchema,
});

export const unmuteWord = endpoint({
  base: 'api',
  path: 'unmute/word',
  auth: 'required',
  summary: "Remove one of the caller's muted words",
  payload: z.object({ id: idField }),
  data: z.object({ id: z.number().int() }),
});

export const muteWords = endpoint({
  base: 'api',
  path: 'mute/words',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "The caller's muted words and phrases, newest first",
  payload: z.object({}),
  data: z.object({
    list: z.array(mutedWordSchema),
    max: z.number().int().describe('How many a member may mute'),
  }),
});

export const mutesEndpoints = { muteUser, unmuteUser, muteList, muteWord, unmuteWord, muteWords } as const;
