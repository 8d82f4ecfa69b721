import { MailOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { lazy } from 'react';
import { WhenVisible } from '@/components/when-visible';
import { CONTACT_ID } from '@/features/home/model/content';
import { useHomeTexts } from '@/features/home/texts';

const ContactFormPanel = lazy(() => import('./contact-form-panel'));

/** ContactSection is the contact form (name and contact); the footer's link lands here (/#contact). */
export function ContactSection() {
  const { t } = useHomeTexts();
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
            <WhenVisible placeholder={<Skeleton active paragraph={{ rows: 4 }} />} minHeight={280}>
              <ContactFormPanel />
            </WhenVisible>
          </div>
        </div>
      </div>
    </section>
  );
}
