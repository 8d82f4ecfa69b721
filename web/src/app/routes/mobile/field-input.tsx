import { Input, type InputProps } from 'antd-mobile';
import type { ReactNode } from 'react';
import './mobile-forms.css';

/**
 * FieldInput is an antd-mobile input with an optional prefix (the +86 of a
 * phone number) and an optional button after it (get code). The input keeps
 * its place when the prefix comes and goes, so typing is never interrupted.
 */
export function FieldInput({ prefix, after, ...props }: InputProps & { prefix?: ReactNode; after?: ReactNode }) {
  return (
    <div className="up-minput">
      {prefix ? (
        <span className="up-minput__prefix" data-testid="phone-prefix">
          {prefix}
        </span>
      ) : null}
      <Input {...props} />
      {after ? <span className="up-minput__after">{after}</span> : null}
    </div>
  );
}
