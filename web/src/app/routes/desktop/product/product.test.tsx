import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { renderWithProviders } from '@/testing/render';
import { DesktopOsPage } from './os-page';
import { DesktopUploadPage } from './upload-page';

vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** serve answers the app download call from a map of operateSystem ("" for the list) to envelope. */
function serve(answers: Record<string, { code: number; msg?: string; data: unknown }>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const os = url.searchParams.get('operateSystem') ?? '';
    const body = answers[os] ?? { code: 3, msg: 'No release', data: null };
    return new Response(JSON.stringify({ msg: '', ...body }), { status: body.code === 0 ? 200 : 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function agent(ua: string) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(ua);
}

const release = (os: string, version: string, url: string, notes = '') => ({ operateSystem: os, version, url, notes, updatedAt: Date.UTC(2026, 2, 5) });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DesktopUploadPage', () => {
  it("shows the visitor's platform first, the releases set and an empty state for the others", async () => {
    agent(ANDROID);
    serve({ '': { code: 0, data: [release('linux', '1.4.2', 'https://dl.example.com/u.tar.gz', 'Headless mode'), release('android', '1.3.0', '/files/u.apk')] } });
    renderWithProviders(<DesktopUploadPage />, { path: '/upload' });

    const android = await screen.findByTestId('upload-android');
    expect(within(android).getByText('Version 1.3.0')).toBeTruthy();
    const androidLink = within(android).getByTestId('upload-download-android');
    expect(androidLink.getAttribute('href')).toBe('/files/u.apk');
    expect(androidLink.hasAttribute('download')).toBe(true);
    // The visitor's card comes before the list of the others.
    const list = screen.getByTestId('upload-list');
    expect(list.contains(android)).toBe(false);
    expect(within(list).getAllByRole('article').map((a) => a.dataset.testid)).toEqual(['upload-windows', 'upload-macos', 'upload-linux', 'upload-ios']);

    const linux = screen.getByTestId('upload-download-linux');
    expect(linux.getAttribute('href')).toBe('https://dl.example.com/u.tar.gz');
    expect(linux.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Headless mode')).toBeTruthy();
    for (const p of ['windows', 'macos', 'ios']) {
      expect(screen.getByTestId(`upload-missing-${p}`).textContent).toBe('Not available yet');
      expect(screen.queryByTestId(`upload-download-${p}`)).toBeNull();
    }
    expect(screen.queryByTestId('upload-none')).toBeNull();
    expect(document.title).toBe('App download · Uniplus Pool');
  });

  it('says so when nothing is published, with no download link', async () => {
    agent(WINDOWS);
    serve({ '': { code: 0, data: [] } });
    renderWithProviders(<DesktopUploadPage />, { path: '/upload' });
    expect((await screen.findByTestId('upload-none')).textContent).toContain('No app has been published yet');
    expect(screen.getAllByText('Not available yet')).toHaveLength(5);
    expect(screen.queryAllByRole('link', { name: /Download/ })).toHaveLength(0);
  });
});

describe('DesktopOsPage', () => {
  it('shows the requirements and the not-available state when no image is released, without a warning toast', async () => {
    // Nothing published: data null with HTTP 200 (issue 31; a 404 logged a console error).
    serve({ 'uniplus-os': { code: 0, msg: 'success', data: null } });
    renderWithProviders(<DesktopOsPage />, { path: '/OS' });
    const missing = await screen.findByTestId('os-download-missing');
    expect(missing.textContent).toContain('The image is not available yet');
    expect(screen.queryByTestId('os-download')).toBeNull();
    expect(screen.getByTestId('os-hero-unavailable').textContent).toContain('Image not available yet');
    const req = screen.getByTestId('os-requirements').textContent ?? '';
    for (const want of ['Boot disk of at least 8 GB', 'Ubuntu 20.04 or 22.04', 'One ID file per system disk', '128', 'Mbps']) {
      expect(req).toContain(want);
    }
    expect(screen.getByTestId('os-tutorial-link').getAttribute('href')).toBe('/tutorial/deviceAccess');
    expect(notify).not.toHaveBeenCalled();
  });

  it('links the released image in the hero and the download section', async () => {
    const fetch = serve({ 'uniplus-os': { code: 0, data: release('uniplus-os', '2.1.0', 'https://dl.example.com/os-2.1.0.img.xz', 'Kernel 6.8') } });
    renderWithProviders(<DesktopOsPage />, { path: '/OS' });
    const link = await screen.findByTestId('os-download');
    expect(link.getAttribute('href')).toBe('https://dl.example.com/os-2.1.0.img.xz');
    expect(screen.getByTestId('os-hero-download').textContent).toContain('Download v2.1.0');
    expect(screen.getByText('Kernel 6.8')).toBeTruthy();
    expect(String(fetch.mock.calls[0]![0])).toContain('operateSystem=uniplus-os');
  });

  it('offers a retry when the call fails for another reason', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('network down');
      }),
    );
    renderWithProviders(<DesktopOsPage />, { path: '/OS' });
    await waitFor(() => expect(screen.getByTestId('os-download-failed')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
