import { CenterPopup, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '@/lib/use-focus-trap';
import './mobile-dialog.css';

/** MobileDialogProps: a titled dialog for the /mobile tree. */
export interface MobileDialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** position: a bottom sheet (forms, the default) or a centred box. */
  position?: 'bottom' | 'center';
  /** closable false hides the close button and ignores the mask. */
  closable?: boolean;
  testId?: string;
  afterClose?: () => void;
  /** zIndex stacks a dialog opened from another one above it. */
  zIndex?: number;
}

/**
 * MobileDialog is an antd-mobile popup made a real dialog: role, label, a
 * close button, and focus kept inside while it is open (DESIGN.md "Look and
 * feel"). It sits above the nav bar, and toasts sit above it.
 */
export function MobileDialog({ open, title, onClose, children, position = 'bottom', closable = true, testId, afterClose, zIndex = 1020 }: MobileDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLDivElement | null>(null);
  useFocusTrap(ref, open);

  const body = (
    <div
      ref={ref}
      className={`up-mdialog up-mdialog--${position}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid={testId}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && closable) {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="up-mdialog__head">
        <h2 id={titleId} className="up-mdialog__title">
          {title}
        </h2>
        {closable ? (
          <button type="button" className="up-mdialog__close" aria-label={t('dialog.close')} onClick={onClose}>
            <CloseOutline fontSize={20} />
          </button>
        ) : null}
      </div>
      <div className="up-mdialog__body">{children}</div>
    </div>
  );

  const common = {
    visible: open,
    onMaskClick: closable ? onClose : undefined,
    destroyOnClose: true,
    afterClose,
    style: { '--z-index': String(zIndex) } as React.CSSProperties,
  };
  return position === 'center' ? (
    <CenterPopup {...common} bodyClassName="up-mdialog-popup up-mdialog-popup--center">
      {body}
    </CenterPopup>
  ) : (
    <Popup {...common} bodyClassName="up-mdialog-popup up-mdialog-popup--bottom">
      {body}
    </Popup>
  );
}
