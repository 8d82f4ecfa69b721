import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ComingSoon } from '@/components/page-frame';
import { renderWithProviders } from './render';

describe('renderWithProviders', () => {
  it('renders a page with its translated title and sets the tab title', () => {
    renderWithProviders(<ComingSoon titleKey="pages.orePoolDeviceOverview" />, { path: '/account/orePoolDeviceOverview' });
    expect(screen.getByRole('heading', { name: 'Device overview' })).toBeTruthy();
    expect(screen.getByText('This page is being built and will be available soon.')).toBeTruthy();
    expect(document.title).toBe('Device overview · Uniplus Pool');
  });
});
