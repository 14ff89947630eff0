/**
 * The one HTML frame of every e-mail: greeting, paragraphs (HTML, already escaped), one button
 * with the link spelled out below it, an optional second link and a footer.
 */
export function mailLayout(
  greeting: string,
  intro: string | readonly string[],
  action: string,
  link: string,
  footer: string,
  secondary?: { label: string; link: string },
) {
  const href = escapeHtml(link);
  const paragraphs = (typeof intro === 'string' ? [intro] : intro)
    .map((text) => `<p style="margin:0 0 24px">${text}</p>`)
    .join('\n      ');
  const secondaryAction = secondary
    ? `
      <p style="margin:0 0 24px">
        <a href="${escapeHtml(secondary.link)}" style="color:#4f46e5;font-weight:bold">${secondary.label}</a>
      </p>`
    : '';
  return `<!doctype html>
<html lang="pt-BR">
  <body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
    <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
      <p style="font-size:20px;font-weight:bold;margin:0 0 16px">Chaveiro</p>
      <p style="margin:0 0 12px">${greeting}</p>
      ${paragraphs}
      <p style="margin:0 0 24px">
        <a href="${href}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${action}</a>
      </p>${secondaryAction}
      <p style="margin:0 0 12px;font-size:13px;color:#52525b">Se o botão não funcionar, copie este endereço no navegador:<br><a href="${href}" style="color:#4f46e5;word-break:break-all">${href}</a></p>
      <p style="margin:0;font-size:13px;color:#52525b">${footer}</p>
    </div>
  </body>
</html>`;
}

/** Text or an attribute value in HTML or XML (e-mails, pages, the sitemap), markup-safe. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
