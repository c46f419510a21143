import { fileKind, type Post, type PostFile } from '@pixelhall/contract';
import { DownlandOutline, LinkOutline } from 'antd-mobile-icons';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useRelation } from '../../api/queries/follows';
import { usePostStyles } from '../../api/queries/posts';
import { useNavigate } from '../../core/navigation';
import { useSession } from '../../state/session';
import { FollowButton } from '../../ui/FollowButton';
import { useFormat } from '../../ui/format';
import { showImagePreview } from '../../ui/ImagePreview';
import { LazyImage } from '../../ui/LazyImage';
import { HeldNotice, RemovedNotice } from '../../ui/moderation/RemovedNotice';
import { Folded } from '../../ui/mute/Folded';
import { FileKindIcon } from '../../ui/posts/FileKindIcon';
import { PostActions } from '../../ui/posts/PostActions';
import { PostAuthor } from '../../ui/posts/PostAuthor';
import { TopicIcon } from '../../ui/posts/TopicIcon';
import { avatarSrc } from '../../ui/UserAvatar';
import { UnlockCard } from './UnlockCard';
import type { Translation } from './usePostActions';

/** A short text on a colour style reads as a card of its own (as in the feeds). */
const COLOR_CARD_CHARS = 140;

/** The whole post: author, topic, text in its styles, pictures, files, links or the paid teaser, and its counts. */
export function PostContent({
  post,
  translation,
  onComments,
  onShare,
}: {
  post: Post;
  translation: Translation | null;
  onComments: () => void;
  onShare: () => void;
}) {
  const styles = usePostStyles().data;
  const frame = post.style ? styles?.styles.find((s) => s.id === post.style)?.value : undefined;
  const color = post.color ? styles?.colors.find((c) => c.id === post.color)?.value : undefined;
  const images = post.files.filter((f) => f.is_image);
  const files = post.files.filter((f) => !f.is_image);
  return (
    <article
      className={`post-detail${frame ? ' post-detail--framed' : ''}`}
      style={frame ? ({ '--post-frame': frame } as CSSProperties) : undefined}
      data-testid="post-detail"
      data-post-id={post.id}
    >
      <AuthorHeader post={post} />
      {post.removed ? (
        <RemovedNotice removed={post.removed} mine={post.mine} kind="post" />
      ) : (
        post.held && <HeldNotice />
      )}
      <Folded folded={post.folded}>
        <PostText post={post} color={color} hasMedia={images.length > 0} />
        {translation && <TranslatedText translation={translation} />}
        {post.locked ? (
          <UnlockCard post={post} />
        ) : (
          <>
            {images.length > 0 && <ImageGrid images={images} author={post.user.nickname} />}
            {files.length > 0 && <FileList files={files} />}
            {post.links.length > 0 && <LinkList links={post.links} />}
          </>
        )}
      </Folded>
      <PostActions post={post} onComments={onComments} onShare={onShare} className="post-detail__actions" />
    </article>
  );
}

function AuthorHeader({ post }: { post: Post }) {
  const signedIn = Boolean(useSession((s) => s.token));
  const relation = useRelation(post.user.id, !post.mine);
  return (
    <PostAuthor post={post} block="post-detail" className="post-detail__author" avatarSize={44} withLevel>
      {!post.mine && (
        <FollowButton
          target={{
            id: post.user.id,
            nickname: post.user.nickname,
            followed: relation.data?.followed ?? false,
            follows_you: relation.data?.follows_you,
          }}
          disabled={signedIn && !relation.data}
        />
      )}
    </PostAuthor>
  );
}

function PostText({ post, color, hasMedia }: { post: Post; color?: string; hasMedia: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const card = color && !hasMedia && !post.locked && [...post.text].length <= COLOR_CARD_CHARS;
  const className = card ? 'post-text post-text--card' : color ? 'post-text post-text--tinted' : 'post-text';
  return (
    <div className="post-detail__body">
      <button
        type="button"
        className="topic-chip post-detail__topic"
        onClick={() => navigate(`/topic/${post.topic.id}`)}
        data-testid="post-topic"
      >
        <TopicIcon topic={post.topic} size={18} />
        <span>{post.topic.name}</span>
      </button>
      {post.text && (
        <div className={className} style={color ? ({ '--post-color': color } as CSSProperties) : undefined}>
          <p className="post-detail__text" data-testid="post-text">
            {post.text}
          </p>
        </div>
      )}
      {post.locked && <p className="post-detail__teaser-note muted">{t('postDetail.teaserNote')}</p>}
    </div>
  );
}

/** The detected source language by its name in the interface language ("English", "inglés"). */
function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function TranslatedText({ translation }: { translation: Translation }) {
  const { t, i18n } = useTranslation();
  const source = translation.source ? languageName(translation.source, i18n.language) : '';
  return (
    <section className="post-translation" data-testid="post-translation">
      <h3>{source ? t('postDetail.translatedFrom', { source }) : t('postDetail.translation')}</h3>
      <p>{translation.text}</p>
    </section>
  );
}

/** Pictures in a grid; a tap opens the zoomable viewer at that picture (docs/product/app-shell-and-settings.md#picture-viewer). */
function ImageGrid({ images, author }: { images: PostFile[]; author: string }) {
  const { t } = useTranslation();
  const urls = images.map((f) => avatarSrc(f.url) ?? f.url);
  const single = images.length === 1 ? images[0] : undefined;
  const ratio =
    single?.width && single.height ? Math.min(16 / 9, Math.max(3 / 4, single.width / single.height)) : 4 / 3;
  const columns = images.length === 1 ? 1 : images.length === 2 || images.length === 4 ? 2 : 3;
  return (
    <div
      className={`post-images post-images--${columns} post-detail__images`}
      style={single ? ({ '--ratio': String(ratio) } as CSSProperties) : undefined}
      data-testid="post-images"
    >
      {images.map((image, index) => (
        <button
          key={image.id}
          type="button"
          className="post-images__cell"
          aria-label={t('postUi.viewImage', { index: index + 1, total: images.length, name: author })}
          onClick={() => showImagePreview({ images: urls, startIndex: index })}
        >
          <LazyImage src={image.url} alt="" />
        </button>
      ))}
    </div>
  );
}

/** Attached files, each downloaded from its own address (counted by the upload host). */
function FileList({ files }: { files: PostFile[] }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  return (
    <ul className="post-detail__files" data-testid="post-files">
      {files.map((file) => (
        <li key={file.id}>
          <a
            className="post-file"
            href={avatarSrc(file.url) ?? file.url}
            download={file.name}
            rel="noopener"
            title={t('postDetail.download')}
            data-testid="post-file"
          >
            <FileKindIcon kind={fileKind(file.name)} size={36} />
            <span className="post-file__text">
              <strong>{file.name}</strong>
              <span className="muted">
                {fmt.fileSize(file.bytes)}
                {file.download_count > 0 &&
                  ` · ${t('postDetail.downloads', { count: file.download_count, formatted: fmt.compact(file.download_count) })}`}
              </span>
            </span>
            <span className="post-file__download" aria-hidden="true">
              <DownlandOutline />
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Links open inside the app, in the web view. */
function LinkList({ links }: { links: string[] }) {
  const navigate = useNavigate();
  return (
    <ul className="post-detail__links">
      {links.map((link) => (
        <li key={link}>
          <button
            type="button"
            className="post-link"
            onClick={() =>
              navigate(`/webview?url=${encodeURIComponent(link)}&title=${encodeURIComponent(hostOf(link))}`)
            }
            data-testid="post-link"
          >
            <LinkOutline />
            <span className="post-link__text">
              <strong>{hostOf(link)}</strong>
              <span className="muted">{link}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function hostOf(link: string): string {
  try {
    return new URL(link).hostname;
  } catch {
    return link;
  }
}
