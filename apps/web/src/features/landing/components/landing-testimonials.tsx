import { FIGURES, SECTIONS, TESTIMONIALS } from '../landing-content';
import { RatingStars } from './rating-stars';
import { SectionHeading } from './section-heading';

const SUMMARY = [FIGURES.rating, FIGURES.reviews, FIGURES.recommendation] as const;

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('')
    .slice(0, 2);
}

export function LandingTestimonials() {
  return (
    <section
      id={SECTIONS.testimonials.id}
      aria-labelledby="testimonials-title"
      className="scroll-mt-16 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="testimonials-title" eyebrow="Depoimentos" title="Quem usa, recomenda">
          Milhares de clientes confiam no Chaveiro todos os dias. Veja o que alguns deles dizem.
        </SectionHeading>

        <dl className="mx-auto mt-10 grid max-w-3xl grid-cols-3 divide-x rounded-2xl border">
          {SUMMARY.map((figure) => (
            <div key={figure.label} className="flex flex-col items-center px-2 py-4 text-center">
              <dt className="text-muted-foreground text-xs sm:text-sm">{figure.label}</dt>
              <dd className="order-first text-2xl font-semibold tracking-tight sm:text-3xl">
                {figure.value}
              </dd>
            </div>
          ))}
        </dl>

        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="bg-card flex h-full flex-col rounded-2xl border p-6 shadow-xs">
                <RatingStars rating={testimonial.rating} />
                <blockquote className="mt-4 flex-1 text-sm leading-relaxed">
                  <p>“{testimonial.content}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden
                    className="flex size-10 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-600 text-sm font-semibold text-white"
                  >
                    {initials(testimonial.name)}
                  </span>
                  <span>
                    <span className="block text-sm font-semibold">{testimonial.name}</span>
                    <span className="text-muted-foreground block text-xs">{testimonial.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
