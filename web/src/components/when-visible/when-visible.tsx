// Parts of a page below the fold whose code is large (forms, dialogs, charts) are drawn
// when the reader comes near them, so a first visit downloads only what it shows.
import { Suspense, type CSSProperties, type ReactNode } from 'react';
import { useInView } from '@/lib/use-in-view';

/**
 * WhenVisible draws children (usually a React.lazy component) once its box comes within
 * rootMargin of the screen, and placeholder until then and while their code loads. The box
 * keeps minHeight so the page does not jump when they arrive.
 */
export function WhenVisible({
  children,
  placeholder = null,
  minHeight,
  rootMargin = '100px',
  className,
  testId,
}: {
  children: ReactNode;
  placeholder?: ReactNode;
  minHeight?: CSSProperties['minHeight'];
  rootMargin?: string;
  className?: string;
  testId?: string;
}) {
  const { ref, seen } = useInView<HTMLDivElement>(0, rootMargin);
  return (
    <div ref={ref} className={className} style={seen ? undefined : { minHeight }} data-testid={testId}>
      {seen ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
