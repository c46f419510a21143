import { fileKind, type Post, type PostFile } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { type CSSProperties, type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePostStyles } from '../../api/queries/posts';
import { useNavigate } from '../../core/navigation';
import { CurrencyIcon } from '../CurrencyIcon';
import { LazyImage } from '../LazyImage';
import { HeldNotice, RemovedNotice } from '../moderation/RemovedNotice';
import { Folded } from '../mute/Folded';
import { avatarSrc } from '../UserAvatar';
import { FileKindIcon } from './FileKindIcon';
import { PostActions } from './PostActions';
import { PostAuthor } from './PostAuthor';
import { rememberPostCard } from './post-card-menu';
import { TopicIcon } from './TopicIcon';
import './posts.css';
import { useFormat } from '../format';

/** Longer texts are clamped in a feed; "more" shows the rest in place. */
const CLAMP_CHARS = 240;
const CLAMP_LINES = 6;
/** A short text on a colour style reads as a card of its own, like a status update. */
const COLOR_CARD_CHARS = 140;

/** Stops a tap on an inner control from also opening the post. */
const inner = (fn: () => void) => (e: MouseEvent) => {
  e.stopPropagation();
  fn();
};

/**
 * A post as feeds, search and profiles show it: author, topic, text, pictures, files, the paid
 * teaser and the counts. Tapping it opens the post; holding it opens the post's menu, which a
 * keyboard reaches through the post page's "…".
 */
export function PostCard({ post, showTopic = true }: { post: Post; showTopic?: boolean }) {
  const navigate = useNavigate();
  const styles = usePostStyles().data;
  const frame = post.style ? styles?.styles.find((s) => s.id === post.style)?.value : undefined;
  const color = post.color ? styles?.colors.find((c) => c.id === post.color)?.value : undefined;
  const images = post.files.filter((f) => f.is_image);
  const files = post.files.filter((f) => !f.is_image);
  const open = () => navigate(`/post/${post.id}`);
  return (
    <article
      className={`post-card${frame ? ' post-card--framed' : ''}`}
      style={frame ? ({ '--post-frame': frame } as CSSProperties) : undefined}
      data-testid="post-card"
      data-post-id={post.id}
      ref={(element) => rememberPostCard(element, post)}
    >
      {/* The whole card opens the post; keyboards reach it through the text link. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the card is a large tap target */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the inner link opens the post from a keyboard */}
      <div className="post-card__body" onClick={open}>
        <PostAuthor post={post} block="post-card" className="post-card__header" avatarSize={40} />
        {/* Only the author's own list shows removed and held posts (docs/product/moderation.md#what-members-see). */}
        {post.removed ? (
          <RemovedNotice removed={post.removed} mine={post.mine} kind="post" compact />
        ) : (
          post.held && <HeldNotice compact />
        )}
        <Folded folded={post.folded}>
          <PostText post={post} color={color} hasMedia={images.length > 0} />
          {post.locked ? (
            <PaidTeaser post={post} onUnlock={open} />
          ) : (
            <>
              {images.length > 0 && <ImageGrid images={images} author={post.user.nickname} />}
              {files.length > 0 && <FilesSummary files={files} />}
            </>
          )}
        </Folded>
        {showTopic && <TopicChip topic={post.topic} />}
      </div>
      <PostActions post={post} onComments={open} onShare={open} />
    </article>
  );
}

function TopicChip({ topic }: { topic: Post['topic'] }) {
  const navigate = useNavigate();
  return (
    <div className="post-card__topic">
      <button
        type="button"
        className="topic-chip"
        onClick={inner(() => navigate(`/topic/${topic.id}`))}
        data-testid="post-topic"
      >
        <TopicIcon topic={topic} size={18} />
        <span>{topic.name}</span>
      </button>
    </div>
  );
}

function PostText({ post, color, hasMedia }: { post: Post; color?: string; hasMedia: boolean }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  if (!post.text) return null;
  const chars = [...post.text].length;
  const long = chars > CLAMP_CHARS || post.text.split('\n').length > CLAMP_LINES;
  const card = color && !hasMedia && !post.locked && chars <= COLOR_CARD_CHARS;
  const className = card ? 'post-text post-text--card' : color ? 'post-text post-text--tinted' : 'post-text';
  return (
    <div className={className} style={color ? ({ '--post-color': color } as CSSProperties) : undefined}>
      <a
        href={`#/post/${post.id}`}
        className={`post-text__body${long && !expanded ? ' post-text__body--clamped' : ''}`}
        onClick={(e) => e.preventDefault()}
      >
        {post.text}
      </a>
      {long && !card && (
        <button type="button" className="post-text__more" onClick={inner(() => setExpanded((v) => !v))}>
          {expanded ? t('postUi.less') : t('postUi.more')}
        </button>
      )}
    </div>
  );
}

function ImageGrid({ images, author }: { images: PostFile[]; author: string }) {
  const { t } = useTranslation();
  const urls = images.map((f) => avatarSrc(f.url) ?? f.url);
  // The viewer and its gesture library load on the first tap, not with the feed.
  const preview = (index: number) =>
    void import('../ImagePreview').then(({ showImagePreview }) =>
      showImagePreview({ images: urls, startIndex: index }),
    );
  const single = images.length === 1 ? images[0] : undefined;
  const ratio =
    single?.width && single.height ? Math.min(16 / 9, Math.max(3 / 4, single.width / single.height)) : 4 / 3;
  const columns = images.length === 1 ? 1 : images.length === 2 || images.length === 4 ? 2 : 3;
  return (
    <div
      className={`post-images post-images--${columns}`}
      style={single ? ({ '--ratio': String(ratio) } as CSSProperties) : undefined}
    >
      {images.map((image, index) => (
        <button
          key={image.id}
          type="button"
          className="post-images__cell"
          aria-label={t('postUi.viewImage', { index: index + 1, total: images.length, name: author })}
          onClick={inner(() => preview(index))}
        >
          <LazyImage src={image.url} alt="" />
        </button>
      ))}
    </div>
  );
}

function FilesSummary({ files }: { files: PostFile[] }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const kinds = [...new Set(files.map((f) => fileKind(f.name)))].slice(0, 3);
  const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
  return (
    <div className="post-files" data-testid="post-files">
      <span className="post-files__icons">
        {kinds.map((kind) => (
          <FileKindIcon key={kind} kind={kind} size={26} />
        ))}
      </span>
      <span className="post-files__text">
        <strong>{files.length === 1 ? files[0]!.name : t('postUi.files', { count: files.length })}</strong>
        <span className="muted">{fmt.fileSize(bytes)}</span>
      </span>
    </div>
  );
}

function PaidTeaser({ post, onUnlock }: { post: Post; onUnlock: () => void }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  return (
    <div className="paid-teaser" data-testid="paid-teaser">
      <span className="paid-teaser__lock" aria-hidden="true">
        <LockOutline />
      </span>
      <div className="paid-teaser__text">
        <strong>{t('postUi.paidTitle')}</strong>
        <span>
          {post.file_count > 0 ? t('postUi.paidFiles', { count: post.file_count }) : t('postUi.paidHint')}
        </span>
      </div>
      <Button size="small" shape="rounded" className="paid-teaser__button" onClick={inner(onUnlock)}>
        <CurrencyIcon kind="gold" size={14} coarse />
        <span className="paid-teaser__price">{fmt.integer(post.price)}</span>
      </Button>
    </div>
  );
}
