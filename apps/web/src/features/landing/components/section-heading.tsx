/** Eyebrow, h2 and lead paragraph that open each landing section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  /** The h2's id, which names its section for assistive technology. */
  id: string;
  eyebrow: string;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-primary text-sm font-semibold tracking-wide uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {children ? (
        <p className="text-muted-foreground mt-4 text-base text-pretty sm:text-lg">{children}</p>
      ) : null}
    </div>
  );
}
