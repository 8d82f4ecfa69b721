import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './back-to-top.css';

/** BackToTop shows a round button once the page is scrolled `threshold` px, and scrolls to the top. */
export function BackToTop({ threshold = 400 }: { threshold?: number }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="up-back-to-top"
      aria-label={t('nav.backToTop')}
      title={t('nav.backToTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 5l-7 7M12 5l7 7M12 5v14" stroke="currentColor" strokeWidth="2.2" fill="none" strokeLinecap="round" />
      </svg>
    </button>
  );
}
