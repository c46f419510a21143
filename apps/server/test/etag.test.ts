import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits } from '../src/http/etag';

const ETAG = '"9f86d081884c7d65"';

describe('If-None-Match against an entity tag', () => {
  it.each([
    ['the same tag', ETAG],
    ['the tag marked weak', `W/${ETAG}`],
    ['any representation', '*'],
    ['any, with spaces around', '  *  '],
    ['a list holding it', `"a1", ${ETAG}, "b2"`],
    ['a list without spaces', `"a1",${ETAG}`],
    ['a list with odd spacing and a weak tag', ` "a1" ,\tW/${ETAG} `],
    ['a tag with a comma inside, then the tag', `"a,b", ${ETAG}`],
  ])('matches %s', (_what, header) => {
    expect(ifNoneMatchHits(header, ETAG)).toBe(true);
  });

  it('compares weakly when the representation’s own tag is weak', () => {
    expect(ifNoneMatchHits(ETAG, `W/${ETAG}`)).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['another tag', '"a1"'],
    ['a list of other tags', '"a1", W/"b2"'],
    ['the tag unquoted', ETAG.slice(1, -1)],
    ['a tag that only contains it', `"x${ETAG.slice(1)}`],
    ['a star inside a list', `"a1", *`],
  ])('does not match %s', (_what, header) => {
    expect(ifNoneMatchHits(header, ETAG)).toBe(false);
  });
});
