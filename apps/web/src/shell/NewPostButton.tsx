import { AddOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGuard } from '../core/guard';

/** The popup and its dialog, with their animation library, load on the first tap. */
const NewPostSheet = lazy(() => import('./NewPostSheet'));

/**
 * The floating new-post button: a visitor goes to /login; a member chooses in the
 * new-post sheet what to post.
 */
export function NewPostButton() {
  const { t } = useTranslation();
  const guard = useGuard();
  const [open, setOpen] = useState(false);
  // Stays mounted once opened, so that closing animates as it should.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className="fab fab--new-post"
        aria-label={t('newPost.open')}
        onClick={() =>
          guard({
            action: () => {
              setOpened(true);
              setOpen(true);
            },
          })
        }
      >
        <AddOutline />
      </button>
      {opened && (
        <Suspense fallback={null}>
          <NewPostSheet open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
