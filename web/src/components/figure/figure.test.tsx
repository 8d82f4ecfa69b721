import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Figure } from './index';

describe('Figure', () => {
  it('writes the value, a space (the one place the pair may wrap) and the unit element', () => {
    const { getByTestId } = render(<Figure value="3988.451098" unit="ALEO" testId="f" />);
    const f = getByTestId('f');
    expect(f.textContent).toBe('3988.451098 ALEO');
    expect(f.querySelector('.up-unit')?.textContent).toBe('ALEO');
    expect(f.className).toBe('up-figure');
  });

  it('writes the value alone when there is no unit', () => {
    const { getByTestId } = render(<Figure value="Measuring" className="up-num" testId="f" />);
    expect(getByTestId('f').textContent).toBe('Measuring');
    expect(getByTestId('f').querySelector('.up-unit')).toBeNull();
    expect(getByTestId('f').className).toBe('up-figure up-num');
  });
});
