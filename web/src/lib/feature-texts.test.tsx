import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from './i18n';
import { globLoader, loadFeatureTexts, useFeatureTexts } from './feature-texts';

describe('feature texts', () => {
  it('loads a namespace once per language and translates with it', async () => {
    const load = vi.fn(async () => ({ greeting: { hello: 'Hello {{name}}' } }));
    function Greeting() {
      const { t, ready } = useFeatureTexts('test-greeting', load);
      return <p>{ready ? t('greeting.hello', { name: 'Ann' }) : 'loading'}</p>;
    }
    render(<Greeting />);
    expect(screen.getByText('loading')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Hello Ann')).toBeTruthy());
    await loadFeatureTexts('test-greeting', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(i18n.hasResourceBundle('en_US', 'test-greeting')).toBe(true);
  });

  it('retries after a failed load', async () => {
    let calls = 0;
    const load = async () => {
      calls++;
      if (calls === 1) throw new Error('chunk failed');
      return { ok: 'yes' };
    };
    await expect(loadFeatureTexts('test-retry', load)).rejects.toThrow('chunk failed');
    await loadFeatureTexts('test-retry', load);
    expect(i18n.t('ok', { ns: 'test-retry' })).toBe('yes');
  });

  it("never changes the app's own texts, even where a feature has a key of the same name", async () => {
    const load = async () => ({ common: { copied: 'Feature copied.' } });
    function Feature() {
      const { t, ready } = useFeatureTexts('test-same-key', load);
      return <p>{ready ? t('common.copied') : 'loading'}</p>;
    }
    render(<Feature />);
    await waitFor(() => expect(screen.getByText('Feature copied.')).toBeTruthy());
    expect(i18n.t('common.copied')).toBe('Copied');
    // The feature still reads the app's texts it does not have itself.
    expect(i18n.t('common.copyFailed', { ns: 'test-same-key' })).toBe('Copy failed');
  });

  it('globLoader picks the language file and names a missing one', async () => {
    const load = globLoader({ './locales/en_US.json': async () => ({ default: { a: 'b' } }) });
    await expect(load('en_US')).resolves.toEqual({ a: 'b' });
    await expect(load('ko_KR')).rejects.toThrow('no ko_KR.json');
  });
});
