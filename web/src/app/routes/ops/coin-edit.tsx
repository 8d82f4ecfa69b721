// Coin editing (the coins right: the owner): each coin with its pending fee or PPS change,
// and a drawer with the form (coin.Store.Update through POST /ops/api/v1/coins/{symbol}).
// A fee or PPS change applies from the next settlement day, and the page says so before
// and after the change. The logic is in features/ops/coin-edit.
import { Alert, Button, Descriptions, Divider, Drawer, Form, Input, InputNumber, Result, Skeleton, Space, Switch, Tabs, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useMe } from '@/features/ops/hooks';
import { useCoinEdit, useEditableCoins, type CoinEditState } from '@/features/ops/coin-edit/hooks';
import { canEditCoins, MAX_CLOSED_MSG, MAX_REASON, type CoinField, type EditableCoin, type PendingTerms } from '@/features/ops/coin-edit/models';
import { COIN_EDIT_NS, coinEditTexts } from '@/features/ops/coin-edit/texts';
import { dayTime } from '@/lib/format';
import { LANGS, LANG_NATIVE_NAMES } from '@/lib/language';
import { useFormat } from '@/lib/use-format';
import { CoinTable } from './coins';
import { Loaded, PageTitle, areaTexts, type AreaT } from './widgets';

type T = AreaT;

const { useAreaT: useCoinEditT, NavLabel } = areaTexts(COIN_EDIT_NS, coinEditTexts);

/** CoinEditNavLabel is the menu entry's words (shell.tsx). */
export const CoinEditNavLabel = NavLabel;

/** useTermsText writes a fee in basis points as a percentage and a settlement day. */
function useTermsText() {
  const f = useFormat();
  const utc = useFormat('UTC');
  return {
    bps: (n: number) => f.percent(n / 10_000, 2),
    day: (d: string) => (dayTime(d) ? utc.date(dayTime(d)) : d),
  };
}

function PendingNote({ pending, t }: { pending: PendingTerms; t: T }) {
  const w = useTermsText();
  return (
    <Alert
      type="info"
      showIcon
      data-testid="ops-coin-pending"
      message={t('pending.title', { day: w.day(pending.from) })}
      description={t('pending.what', { fee: w.bps(pending.feeBps), pps: t(pending.ppsTxFees ? 'pps.withFees' : 'pps.withoutFees') })}
      style={{ marginBottom: 16 }}
    />
  );
}

export function CoinEditPage() {
  const { t, ready } = useCoinEditT();
  const me = useMe();
  const coins = useEditableCoins();
  const { symbol } = useParams();
  const navigate = useNavigate();
  const w = useTermsText();
  if (!ready || me.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!canEditCoins(me.data)) {
    return (
      <div data-testid="ops-coin-edit-forbidden">
        <Result status="403" title={t('noRight')} />
      </div>
    );
  }
  const close = () => navigate('/coin-edit');
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Alert type="info" showIcon message={t('intro')} style={{ marginBottom: 16 }} />
      <Loaded query={coins}>
        {(d) => {
          const chosen = symbol ? d.coins.find((c) => c.type.toUpperCase() === symbol.toUpperCase()) : undefined;
          return (
            <>
              <CoinTable<EditableCoin>
                coins={d.coins}
                testId="ops-coin-edit-list"
                columns={[
                  {
                    title: t('fields.feeBps'),
                    render: (_, c) => (
                      <Space size={4} wrap>
                        {w.bps(c.feeBps)}
                        {c.pending && (
                          <Tag color="gold" data-testid="ops-coin-pending-tag">
                            {t('pending.tag', { fee: w.bps(c.pending.feeBps), day: w.day(c.pending.from) })}
                          </Tag>
                        )}
                      </Space>
                    ),
                  },
                  { title: t('fields.ppsTxFees'), render: (_, c) => t(c.ppsTxFees ? 'pps.withFees' : 'pps.withoutFees') },
                  {
                    title: '',
                    render: (_, c) => (
                      <Button size="small" onClick={() => navigate(`/coin-edit/${encodeURIComponent(c.type)}`)} data-testid={`ops-coin-edit-${c.type}`}>
                        {t('edit')}
                      </Button>
                    ),
                  },
                ]}
              />
              {symbol && !chosen && <Alert type="warning" showIcon message={t('unknownCoin', { coin: symbol })} style={{ marginTop: 16 }} />}
              <Drawer
                open={!!chosen}
                onClose={close}
                width={640}
                title={chosen ? t('drawerTitle', { coin: chosen.type, name: chosen.name }) : ''}
                destroyOnHidden
                data-testid="ops-coin-edit-drawer"
              >
                {chosen && <CoinEditForm key={chosen.type} coin={chosen} t={t} />}
              </Drawer>
            </>
          );
        }}
      </Loaded>
    </>
  );
}

function CoinEditForm({ coin, t }: { coin: EditableCoin; t: T }) {
  const s = useCoinEdit(coin);
  const w = useTermsText();
  const { form } = s;
  const item = (field: CoinField, label: string, node: ReactNode, extra?: string) => {
    const own = s.errors[field];
    const server = s.refusal?.field === field ? s.refusal.message : undefined;
    const help = own ? t(own) : server;
    return (
      <Form.Item label={label} extra={extra} validateStatus={help ? 'error' : undefined} help={help} required={field === 'reason'}>
        {node}
      </Form.Item>
    );
  };
  const text = (field: Exclude<CoinField, 'open' | 'ppsTxFees' | 'closedMsg'>, placeholder?: string) => (
    <Input value={form[field]} placeholder={placeholder} onChange={(e) => s.set(field, e.target.value)} data-testid={`ops-coin-${field}`} />
  );
  const feeNow = Number(form.feeBps);
  return (
    <Form layout="vertical" onFinish={() => void s.submit()} data-testid="ops-coin-edit-form">
      {coin.pending && <PendingNote pending={coin.pending} t={t} />}
      {s.saved && (
        <Alert
          type="success"
          showIcon
          data-testid="ops-coin-saved"
          message={s.saved.termsFrom ? t('saved.terms', { day: w.day(s.saved.termsFrom) }) : t('saved.now')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('fields.algorithm')}>{coin.algorithm}</Descriptions.Item>
        <Descriptions.Item label={t('fields.driver')}>{coin.driver}</Descriptions.Item>
        <Descriptions.Item label={t('fields.settle')}>{`${coin.settleModel} ${coin.settleTime}`}</Descriptions.Item>
        <Descriptions.Item label={t('fields.feeToday')}>{w.bps(coin.feeBps)}</Descriptions.Item>
      </Descriptions>

      <Divider orientation="left">{t('sections.terms')}</Divider>
      <Alert type="warning" showIcon message={t('terms.nextDay')} style={{ marginBottom: 16 }} data-testid="ops-coin-terms-rule" />
      {item(
        'feeBps',
        t('fields.feeBps'),
        <Space>
          <InputNumber
            min={0}
            max={10000}
            precision={0}
            style={{ width: 160 }}
            value={form.feeBps === '' ? null : Number(form.feeBps)}
            onChange={(v) => s.set('feeBps', v === null ? '' : String(v))}
            data-testid="ops-coin-feeBps"
          />
          {form.feeBps !== '' && Number.isFinite(feeNow) && <Typography.Text type="secondary">{w.bps(feeNow)}</Typography.Text>}
        </Space>,
        t('help.bps'),
      )}
      {item('ppsTxFees', t('fields.ppsTxFees'), <Switch checked={form.ppsTxFees} onChange={(v) => s.set('ppsTxFees', v)} data-testid="ops-coin-ppsTxFees" />, t('help.ppsTxFees'))}
      {s.termsChange && <Alert type="warning" showIcon message={t('terms.thisChange')} style={{ marginBottom: 16 }} data-testid="ops-coin-terms-change" />}

      <Divider orientation="left">{t('sections.withdrawals')}</Divider>
      {item('minWithdraw', t('fields.minWithdraw'), text('minWithdraw'), t('help.amount'))}
      {item('withdrawFee', t('fields.withdrawFee'), text('withdrawFee'), t('help.withdrawFee'))}
      {item('withdrawReviewAbove', t('fields.withdrawReviewAbove'), text('withdrawReviewAbove'), t('help.reviewAbove'))}
      {item('dustFloor', t('fields.dustFloor'), text('dustFloor'), t('help.dustFloor'))}
      {item('payoutConfirmations', t('fields.payoutConfirmations'), text('payoutConfirmations'), t('help.confirmations'))}

      <Divider orientation="left">{t('sections.mining')}</Divider>
      {item('open', t('fields.open'), <Switch checked={form.open} onChange={(v) => s.set('open', v)} data-testid="ops-coin-open" />, t('help.open'))}
      {item(
        'closedMsg',
        t('fields.closedMsg'),
        <Tabs
          size="small"
          items={LANGS.map((l) => ({
            key: l,
            label: LANG_NATIVE_NAMES[l],
            children: (
              <Input.TextArea
                rows={2}
                maxLength={MAX_CLOSED_MSG}
                showCount
                value={form.closedMsg[l]}
                onChange={(e) => s.setClosedMsg(l, e.target.value)}
                data-testid={`ops-coin-closedMsg-${l}`}
              />
            ),
          }))}
        />,
        t('help.closedMsg'),
      )}
      {item('stratumPorts', t('fields.stratumPorts'), text('stratumPorts', '3333, 3334'), t('help.ports'))}
      {item('soloPorts', t('fields.soloPorts'), text('soloPorts'), t('help.soloPorts'))}
      {item('soloFeeBps', t('fields.soloFeeBps'), text('soloFeeBps'), t('help.bps'))}
      {item('minDifficulty', t('fields.minDifficulty'), text('minDifficulty'), t('help.minDifficulty'))}

      <Divider />
      {item(
        'reason',
        t('fields.reason'),
        <Input.TextArea rows={3} maxLength={MAX_REASON} showCount value={form.reason} onChange={(e) => s.set('reason', e.target.value)} data-testid="ops-coin-reason" />,
      )}
      <FormProblem s={s} t={t} />
      <Space>
        <Button type="primary" htmlType="submit" loading={s.busy} data-testid="ops-coin-submit">
          {t('submit')}
        </Button>
        <Button onClick={s.reset}>{t('reset')}</Button>
        {s.changed.length > 0 && <Typography.Text type="secondary">{t('changedCount', { n: s.changed.length })}</Typography.Text>}
      </Space>
    </Form>
  );
}

/** FormProblem is a refusal that names no field (nothing changed, a rule of the whole coin). */
function FormProblem({ s, t }: { s: CoinEditState; t: T }) {
  const msg = s.errors.form ? t(s.errors.form) : s.refusal?.field === 'form' ? s.refusal.message : '';
  if (!msg) return null;
  return <Alert type="error" showIcon message={msg} style={{ marginBottom: 16 }} data-testid="ops-coin-error" />;
}
