import {
  ApiOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FieldTimeOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserAddOutlined,
  UsergroupAddOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { HOME_COINS, HOME_SERVICES, HOME_STEPS, SERVICES_ID, type HomeService, type HomeStep } from '@/features/home/model/content';
import { useHomeTexts } from '@/features/home/texts';

const serviceIcons: Record<HomeService, ReactNode> = {
  pps: <FieldTimeOutlined />,
  hardware: <ClusterOutlined />,
  os: <DesktopOutlined />,
  subAccounts: <TeamOutlined />,
  solo: <ThunderboltOutlined />,
  withdraw: <WalletOutlined />,
};

const stepIcons: Record<HomeStep, ReactNode> = {
  register: <UserAddOutlined />,
  subAccount: <UsergroupAddOutlined />,
  connect: <ApiOutlined />,
  watch: <DashboardOutlined />,
  withdraw: <WalletOutlined />,
};

/** ServicesSection is what the pool offers, one card each (the banner's learn-more lands here). */
export function ServicesSection() {
  const { t } = useHomeTexts();
  return (
    <CenteredSection name="services" anchor={SERVICES_ID}>
      <ul className="up-home-services__grid">
        {HOME_SERVICES.map((id) => (
          <li key={id} className="up-home-service" data-testid={`service-${id}`}>
            <span className={`up-home-service__icon up-home-service__icon--${id}`} aria-hidden="true">
              {serviceIcons[id]}
            </span>
            <h3 className="up-home-service__title">{t(`services.items.${id}.title`)}</h3>
            <p className="up-home-service__body">{t(`services.items.${id}.body`)}</p>
            {id === 'withdraw' ? (
              <p className="up-home-service__coins">
                {HOME_COINS.map((c) => (
                  <span key={c}>{c}</span>
                ))}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </CenteredSection>
  );
}

/** ProcessSection is the service process: numbered steps from sign-up to withdrawal. */
export function ProcessSection() {
  const { t } = useHomeTexts();
  return (
    <CenteredSection name="process">
      <ol className="up-home-process__steps">
        {HOME_STEPS.map((id, i) => (
          <li key={id} className="up-home-step" data-testid={`step-${id}`}>
            <div className="up-home-step__marker">
              <span className="up-home-step__number">{i + 1}</span>
              <span className="up-home-step__icon" aria-hidden="true">
                {stepIcons[id]}
              </span>
            </div>
            <h3 className="up-home-step__title">{t(`process.steps.${id}.title`)}</h3>
            <p className="up-home-step__body">{t(`process.steps.${id}.body`)}</p>
          </li>
        ))}
      </ol>
    </CenteredSection>
  );
}

/**
 * CenteredSection is a home section with a centred heading and lead (texts name.title and
 * name.lead), test id name; anchor makes it a link target.
 */
function CenteredSection({ name, anchor, children }: { name: 'services' | 'process'; anchor?: string; children: ReactNode }) {
  const { t } = useHomeTexts();
  return (
    <section
      id={anchor}
      className={`up-home-section up-home-${name}${anchor ? ' up-home-anchor' : ''}`}
      aria-labelledby={`up-home-${name}-title`}
      data-testid={name}
    >
      <div className="up-home__inner">
        <header className="up-home-section__head up-home-section__head--center">
          <h2 id={`up-home-${name}-title`} className="up-home-section__title">
            {t(`${name}.title`)}
          </h2>
          <p className="up-home-section__lead">{t(`${name}.lead`)}</p>
        </header>
        {children}
      </div>
    </section>
  );
}
