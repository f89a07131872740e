import { createServer } from 'node:http';

/** The page a draft is made from by default: a product named Acme Widgets. */
export const ACME_WIDGETS_HTML =
  '<!doctype html><title>Acme Widgets</title><h1>Acme Widgets</h1><p>Widgets for teams.</p>';

export interface ProductSite {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A product website on loopback for tests, so nothing leaves the machine. `page(path)` gives the
 * HTML served for a path, or null for a 404; by default every path serves the Acme Widgets page.
 */
export const startProductSite = async (
  page: (path: string | undefined) => string | null = () => ACME_WIDGETS_HTML,
): Promise<ProductSite> => {
  const site = createServer((request, response) => {
    const html = page(request.url);
    if (html === null) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(site.address() as { port: number }).port}/`,
    close: () => new Promise((resolve) => site.close(() => resolve())),
  };
};
