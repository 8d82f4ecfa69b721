import { Skeleton } from 'antd-mobile';

/**
 * MobileSkeletonRows stands in for a phone list while it loads: rows grey blocks, each a
 * title and two lines (className on the list, rowClassName on each row).
 */
export function MobileSkeletonRows({ rows, className, rowClassName }: { rows: number; className: string; rowClassName: string }) {
  return (
    <div className={className} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={rowClassName}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  );
}
