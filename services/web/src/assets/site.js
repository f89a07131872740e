// Progressive enhancement only: every action is a plain form that works without this file.
// With it, vote and follow forms post in the background and update their count in place.
for (const form of document.querySelectorAll('form[data-enhance]')) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button');
    if (button) button.disabled = true;
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        body: new URLSearchParams(new FormData(form)),
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
      });
      if (response.redirected || !response.ok || !(response.headers.get('content-type') ?? '').includes('json')) {
        // not an answer for a script (sign-in needed, an error page): let the browser follow it
        form.submit();
        return;
      }
      const result = await response.json();
      const count = form.querySelector('[data-vote-count]');
      if (count && typeof result.votes === 'number') count.textContent = String(result.votes);
      if (button && typeof result.voted === 'boolean') button.setAttribute('aria-pressed', String(result.voted));
    } catch {
      form.submit();
    } finally {
      if (button) button.disabled = false;
    }
  });
}
