import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VrCard } from './vr-card';

describe('VrCard', () => {
  it('shows nothing for a project without a VR tour', () => {
    const { container } = render(
      <>
        <VrCard link={null} />
        <VrCard link="  " />
      </>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('opens the project’s own tour in a new window', () => {
    render(<VrCard link="https://vr.example.com/tour/12" />);
    const card = screen.getByRole('link', { name: /VR 全景看房/ });
    expect(card.getAttribute('href')).toBe('https://vr.example.com/tour/12');
    expect(card.getAttribute('target')).toBe('_blank');
  });
});
