import { FEEDBACK_LIMITS } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { deviceVersionOf, FEEDBACK_CHECKS, feedbackPayload } from './feedback-form';

describe('feedback checks', () => {
  it('asks for complete content when a text field is blank', () => {
    for (const field of ['device_name', 'device_version', 'problem'] as const) {
      expect(FEEDBACK_CHECKS[field]('   ')).toEqual({ key: 'validation.content_incomplete' });
      expect(FEEDBACK_CHECKS[field]('x')).toBeNull();
    }
  });

  it('names the limit of each field, counted on the trimmed text', () => {
    const problem = 'a'.repeat(FEEDBACK_LIMITS.problem);
    expect(FEEDBACK_CHECKS.problem(` ${problem} `)).toBeNull();
    expect(FEEDBACK_CHECKS.problem(`${problem}a`)).toEqual({
      key: 'feedbackUi.tooLong',
      values: { max: FEEDBACK_LIMITS.problem },
    });
    expect(FEEDBACK_CHECKS.device_version('1'.repeat(FEEDBACK_LIMITS.deviceVersion + 1))).toEqual({
      key: 'feedbackUi.tooLong',
      values: { max: FEEDBACK_LIMITS.deviceVersion },
    });
  });

  it('checks the email with the validation messages', () => {
    expect(FEEDBACK_CHECKS.email('')).toEqual({ key: 'validation.email_required' });
    expect(FEEDBACK_CHECKS.email('player@pixelhall')).toEqual({ key: 'validation.email_format' });
    expect(FEEDBACK_CHECKS.email(' player@pixelhall.test ')).toBeNull();
  });
});

describe('feedbackPayload', () => {
  it('trims every field and sends empty text for a missing one', () => {
    expect(
      feedbackPayload({
        device_name: ' Pixel 8 ',
        device_version: 'Android 14',
        problem: '\nIt froze\n',
        email: undefined,
      }),
    ).toEqual({ device_name: 'Pixel 8', device_version: 'Android 14', problem: 'It froze', email: '' });
  });
});

describe('deviceVersionOf', () => {
  it('prefers the Android version the host reports', () => {
    expect(deviceVersionOf('14', 'Mozilla/5.0 (Linux; Android 14) Chrome/120.0')).toBe('Android 14');
  });
  it('reads iOS and browsers from the user agent, the most specific first', () => {
    expect(
      deviceVersionOf(
        '',
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) Version/17.4 Safari/604.1',
      ),
    ).toBe('iOS 17.4.1');
    expect(
      deviceVersionOf('', 'Mozilla/5.0 (Windows NT 10.0) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0'),
    ).toBe('Edge 124');
    expect(
      deviceVersionOf('', 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/156.0.0.0 Safari/537.36'),
    ).toBe('Chrome 156');
    expect(deviceVersionOf('', 'Mozilla/5.0 (Macintosh) Version/17.1 Safari/605.1.15')).toBe('Safari 17.1');
    expect(deviceVersionOf('', 'curl/8')).toBe('');
  });
});
