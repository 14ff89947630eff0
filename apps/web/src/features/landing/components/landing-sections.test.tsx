import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { TESTIMONIALS } from '../landing-content';
import { LandingPage } from './landing-page';

/** The page as public-main.tsx hydrates it: no router, plain links. */
function renderLanding() {
  return render(
    <ThemeProvider>
      <LandingPage />
    </ThemeProvider>,
  );
}

/** Spec §9's static marketing figures, as the page writes them. */
const FIGURES = [
  '15+',
  '99,99%',
  '< 50 ms',
  '< 2 min',
  '6+',
  '50K+',
  '4,9/5',
  '10K+',
  '98%',
  '99,9%',
  '500%',
  '24/7',
];

describe('landing page sections', () => {
  it('has the four anchored sections, one h1 and every static figure', () => {
    const { container } = renderLanding();

    for (const id of ['hero', 'features', 'about', 'testimonials']) {
      expect(container.querySelector(`section#${id}`)).not.toBeNull();
    }
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const figure of FIGURES) {
      expect(container.textContent, figure).toContain(figure);
    }
  });

  it('shows six testimonials with name, role, text and a star rating', () => {
    const { container } = renderLanding();
    const cards = container.querySelectorAll('#testimonials figure');

    expect(cards).toHaveLength(6);
    TESTIMONIALS.forEach((testimonial, index) => {
      const card = within(cards[index] as HTMLElement);
      expect(card.getByText(testimonial.name)).toBeInTheDocument();
      expect(card.getByText(testimonial.role)).toBeInTheDocument();
      expect(card.getByText(`“${testimonial.content}”`)).toBeInTheDocument();
      expect(
        card.getByRole('img', { name: `Nota ${String(testimonial.rating)} de 5` }),
      ).toBeVisible();
    });
  });

  it('links Login to /auth, Register to the Cadastro tab and the footer to real places', () => {
    renderLanding();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    expect(within(header).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/auth?tab=cadastro',
    );

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(within(footer).getByRole('link', { name: 'Status dos produtos' })).toHaveAttribute(
      'href',
      '/status',
    );
    expect(footer).toHaveTextContent('© 2025');
    for (const link of within(footer).getAllByRole('link')) {
      expect(link.getAttribute('href')).toMatch(
        /^(\/(#(hero|features|about|testimonials))?$|\/terms|\/status$|\/auth|\/forgot-password|mailto:)/,
      );
    }
  });
});
