import { CheckCircleFilled, SendOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useCreateContact } from '@/features/contact/api/create-contact';
import { CONTACT_MAX, checkContactField, contactErrorKey, toContactMessage, type ContactField, type ContactForm } from '@/features/home/model/contact-form';
import { useHomeTexts } from '@/features/home/texts';

/** ContactFormPanel is the form itself, loaded when the section comes into view (its form code is large). */
export default function ContactFormPanel() {
  const { t } = useHomeTexts();
  const [form] = Form.useForm<ContactForm>();
  const send = useCreateContact();
  const [sent, setSent] = useState(false);

  const rule = (field: ContactField) => ({
    validator: (_: unknown, value: string | undefined) => {
      const problem = checkContactField(field, value);
      return problem ? Promise.reject(new Error(t(contactErrorKey(field, problem), { max: CONTACT_MAX[field] }))) : Promise.resolve();
    },
  });

  const submit = (values: ContactForm) => {
    // A refusal (too many messages, a field the server rejects) is shown by the API client as a warning.
    send.mutate(toContactMessage(values), {
      onSuccess: () => {
        form.resetFields();
        setSent(true);
      },
    });
  };

  return sent ? (
    <div className="up-home-contact__success" role="status" data-testid="contact-success">
      <CheckCircleFilled className="up-home-contact__success-icon" aria-hidden="true" />
      <p>{t('contact.success')}</p>
      <Button onClick={() => setSent(false)} data-testid="contact-again">
        {t('contact.sendAnother')}
      </Button>
    </div>
  ) : (
    <Form<ContactForm> form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="contact-form">
      <Form.Item<ContactForm> name="name" label={t('contact.name')} rules={[rule('name')]} validateFirst>
        <Input placeholder={t('contact.namePlaceholder')} maxLength={CONTACT_MAX.name} autoComplete="name" size="large" data-testid="contact-name" />
      </Form.Item>
      <Form.Item<ContactForm> name="contactInformation" label={t('contact.contactInformation')} rules={[rule('contactInformation')]} validateFirst>
        <Input
          placeholder={t('contact.contactPlaceholder')}
          maxLength={CONTACT_MAX.contactInformation}
          autoComplete="email"
          size="large"
          data-testid="contact-information"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" icon={<SendOutlined />} loading={send.isPending} block data-testid="contact-submit">
        {t('contact.submit')}
      </Button>
    </Form>
  );
}
