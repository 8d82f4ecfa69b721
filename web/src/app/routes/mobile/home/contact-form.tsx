// The phone's contact form: name and a way to reach the visitor, checked like the server does.
import { Button, Form, Input } from 'antd-mobile';
import { useCreateContact } from '@/features/contact/api/create-contact';
import { CONTACT_MAX, checkContactField, contactErrorKey, toContactMessage, type ContactField, type ContactForm } from '@/features/home/model/contact-form';
import { useHomeTexts } from '@/features/home/texts';
import { notify } from '@/lib/notify';
import '../mobile-forms.css';

/** MobileContactForm is the form of the home's contact section, loaded when the section comes into view. */
export default function MobileContactForm() {
  const { t } = useHomeTexts();
  const [form] = Form.useForm<ContactForm>();
  const send = useCreateContact();
  const rule = (field: ContactField) => ({
    validator: (_: unknown, value: unknown) => {
      const problem = checkContactField(field, typeof value === 'string' ? value : '');
      return problem ? Promise.reject(new Error(t(contactErrorKey(field, problem), { max: CONTACT_MAX[field] }))) : Promise.resolve();
    },
  });
  const submit = (values: ContactForm) => {
    send.mutate(toContactMessage({ name: values.name ?? '', contactInformation: values.contactInformation ?? '' }), {
      onSuccess: () => {
        form.resetFields();
        notify('success', t('contact.success'), { durationMs: 3000 });
      },
      // Refusals (code 3, too many messages) are shown by the API client's toast.
    });
  };
  return (
    <Form
      form={form}
      name="mcontact"
      layout="vertical"
      requiredMarkStyle="none"
      validateTrigger={['onBlur', 'onChange']}
      onFinish={submit}
      footer={
        <div className="up-mform__actions">
          <Button block type="submit" color="primary" size="large" className="up-mform__submit" loading={send.isPending} data-testid="contact-submit">
            {t('contact.submit')}
          </Button>
        </div>
      }
    >
      <Form.Item name="name" label={t('contact.name')} rules={[rule('name')]}>
        <Input placeholder={t('contact.namePlaceholder')} autoComplete="name" maxLength={CONTACT_MAX.name * 2} clearable />
      </Form.Item>
      <Form.Item name="contactInformation" label={t('contact.contactInformation')} rules={[rule('contactInformation')]}>
        <Input placeholder={t('contact.contactPlaceholder')} autoComplete="email" maxLength={CONTACT_MAX.contactInformation * 2} clearable />
      </Form.Item>
    </Form>
  );
}
