/**
 * The little page chrome the held-out sites share: the document shell only. Everything inside
 * `<head>` and `<body>` is written per site.
 */
export const doc = (lang: string, head: string, body: string, htmlAttrs = '') =>
  `<!DOCTYPE html>\n<html lang="${lang}"${htmlAttrs ? ` ${htmlAttrs}` : ''}>\n<head>\n<meta charset="utf-8">\n${head}\n</head>\n<body>\n${body}\n</body>\n</html>\n`;

/** `application/ld+json` script for a schema.org graph or node */
export const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

export const robotsAllowAll = 'User-agent: *\nAllow: /\n';
