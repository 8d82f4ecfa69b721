import { Form, type FormProps } from 'antd-mobile';
import type { ActionsProps } from '@/features/account/components/account-dialogs';
import { DialogActions } from './dialog-actions';

type SheetFormProps = Omit<FormProps, 'className' | 'layout' | 'requiredMarkStyle' | 'footer'> & {
  /** actions are the sheet's cancel and submit buttons. */
  actions: ActionsProps;
  /** alert is the form's error, shown above the buttons. */
  alert?: string;
};

/**
 * SheetForm is the form of a phone's bottom sheet on the basic-info page: full width, labels
 * above the fields, no required marks, and the sheet's buttons (DialogActions) as its footer.
 */
export function SheetForm({ actions, alert, children, ...rest }: SheetFormProps) {
  return (
    <Form
      {...rest}
      className="up-mform up-mform--flush"
      layout="vertical"
      requiredMarkStyle="none"
      footer={
        <>
          {alert ? (
            <p className="up-mform__alert" role="alert" data-testid="form-error">
              {alert}
            </p>
          ) : null}
          <DialogActions {...actions} />
        </>
      }
    >
      {children}
    </Form>
  );
}
