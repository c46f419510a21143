import type { z } from 'zod';
import type { OPTION_SCHEMAS, OptionName } from './api/options';

/**
 * Business constants and limits (docs/product/limits-and-errors.md#limits). Server rules, form validators and UI timings read
 * them from here so that a limit changes in one place.
 */

/** Longest post text, in Unicode code points (what a person counts as characters). */
export const POST_TEXT_MAX = 10000;

/** Largest upload: 500 MB, enforced by the upload host while streaming and by forms up front. */
export const UPLOAD_MAX_BYTES = 500 * 1024 * 1024;

/** Shortest accepted password, in characters. */
export const PASSWORD_MIN = 8;

/** Upper limit of a bet amount ("Upper limit 999,999"). */
export const BET_AMOUNT_MAX = 999_999;

/** Upper limit of a paid-view price: the bet limit, shared with the same message. */
export const PAID_PRICE_MAX = 999_999;

/** Share of a paid post's price the platform keeps (its own ledger row); the author gets the rest. */
export const PAID_POST_PLATFORM_SHARE = 0.1;

/** Gold for the day's first start-up (the daily check-in), and the extra per day of a streak. */
export const CHECKIN_GOLD = 5;
export const CHECKIN_STREAK_BONUS_GOLD = 1;
export const CHECKIN_STREAK_BONUS_MAX_DAYS = 7;

/** How long a mining page token lives. */
export const MINING_TOKEN_TTL_MS = 10 * 60 * 1000;

/** Service charge taken on bets, as a fraction (10%). */
export const BET_SERVICE_CHARGE = 0.1;

/** Member level needed to place bets. */
export const LEVEL_BET = 30;

/** Member level needed to create a topic. */
export const LEVEL_TOPIC_CREATE = 5;

/** Member level needed to create a game ("only available to level 21 users"). */
export const LEVEL_GAME_CREATE = 21;

/** Age from which adult-only content may be shown. */
export const ADULT_AGE = 18;

/** How many recently played games the app remembers. */
export const RECENT_GAMES_MAX = 20;

/** The hot index cycles through this many positions. */
export const HOT_INDEX_MODULUS = 10;

/** Version the client reports in `X-Client-Version` and compares with the published one. */
export const CLIENT_VERSION = '1.8.6';

/** Several requests failing with "token expired" at once show one dialog, not one each. */
export const EXPIRY_DEBOUNCE_MS = 300;

/** Wait before polling the mining state again after a failed poll. */
export const MINING_POLL_RETRY_MS = 2000;

/** Interval at which the mining counter advances on screen. */
export const MINING_TICK_MS = 1000;

/** Default duration of an in-page toast. */
export const TOAST_DURATION_MS = 2000;

/** Default duration of a toast shown at the top by the app shell. */
export const SHELL_TOAST_DURATION_MS = 3000;

/** Two taps closer together than this are a double tap. */
export const DOUBLE_TAP_MS = 250;

/** Default hold time of a long press (callers may pass their own seconds). */
export const LONG_PRESS_MS = 500;

/** Image preview zoom bounds. */
export const IMAGE_PREVIEW_MAX_ZOOM = 3;
export const IMAGE_PREVIEW_MIN_ZOOM = 1 / 3;

/** Duration of the image preview's swipe animation. */
export const IMAGE_PREVIEW_SWIPE_MS = 300;

/** Popups stack upwards from this z-index so they cover the app's own layers. */
export const POPUP_Z_INDEX_BASE = 2000;

/** Relative times ("3 days ago") are used up to this many days, then a calendar date. */
export const RELATIVE_TIME_MAX_DAYS = 30;

/** The kinds of home tab (id, name, topic_type: docs/product/posts-and-feeds.md#home-tabs). */
export const TOPIC_TYPE = {
  /** A category of topics; the synthetic YOURS tab (id 0) is one too. */
  topics: 1,
} as const;

export const YOURS_CATEGORY_ID = 0;

/** Seconds one heartbeat may report; the app beats every minute while visible. */
export const ONLINE_BEAT_MAX_SECONDS = 120;

/** The largest image an upload may carry. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** What each server option is until an operator sets it. */
export const OPTION_DEFAULTS: { [K in OptionName]: z.output<(typeof OPTION_SCHEMAS)[K]> } = {
  mining_config: {
    mining_button: false,
    mining_url: 'https://mining.pixelhall.example/',
    cycle_minutes: 60,
    rest_seconds: 30,
  },
  exchange_config: { gold_per_diamond: 10 },
};
