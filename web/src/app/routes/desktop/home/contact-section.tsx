import { CheckCircleFilled, MailOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useCreateContact } from '@/features/contact/api/create-contact';
import { CONTACT_ID } from '@/features/home/model/content';
import { CONTACT_MAX, checkContactField, contactErrorKey, toContactMessage, type ContactField, type ContactForm } from '@/features/home/model/contact-form';
import { useHomeTexts } from '@/features/home/texts';

/** ContactSection is the contact form (name and contact); the footer's link lands here (/#contact). */
export function ContactSection() {
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

  return (
    <section id={CONTACT_ID} className="up-home-section up-home-contact up-home-anchor" aria-labelledby="up-home-contact-title" data-testid="contact">
      <div className="up-home__inner">
        <div className="up-home-contact__card">
          <div className="up-home-contact__intro up-on-dark">
            <span className="up-home-contact__icon" aria-hidden="true">
              <MailOutlined />
            </span>
            <h2 id="up-home-contact-title" className="up-home-contact__title">
              {t('contact.title')}
            </h2>
            <p className="up-home-contact__lead">{t('contact.lead')}</p>
          </div>
          <div className="up-home-contact__form">
            {sent ? (
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
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
