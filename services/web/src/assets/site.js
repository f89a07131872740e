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

// A draft's page while the site is read or a field redrafted: ask where it stands every two
// seconds, show it, and load the page again once there is nothing left to wait for.
const draftProgress = document.querySelector('[data-draft-progress]');
if (draftProgress) {
  const url = draftProgress.getAttribute('data-progress-url');
  const text = draftProgress.querySelector('[data-progress-text]');
  const status = draftProgress.querySelector('[data-progress-status]');
  const bar = draftProgress.querySelector('progress');
  const poll = async () => {
    try {
      const response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
      if (response.ok) {
        const now = await response.json();
        if (now.settled) {
          window.location.reload();
          return;
        }
        if (text) text.textContent = now.text;
        if (status) status.textContent = now.status;
        if (bar) {
          bar.max = Math.max(1, now.progress.pages_planned);
          bar.value = now.progress.pages_read;
        }
      }
    } catch {
      // the next poll tries again; the page's refresh link works without any of this
    }
    window.setTimeout(poll, 2000);
  };
  window.setTimeout(poll, 2000);
}

// The free plan's badge: as a shape, mode or size is picked, the chosen preview is marked at once
// and the embed code (and its image) is fetched from the same page for that choice. Without this
// the form's button sends the same GET.
const badgeForm = document.querySelector('form[data-badge-form]');
if (badgeForm) {
  const embed = document.querySelector('[data-badge-embed]');
  const chosen = document.querySelector('img[data-badge-chosen]');
  let asked = 0;
  badgeForm.addEventListener('change', async () => {
    const mine = ++asked;
    const choice = new FormData(badgeForm);
    const key = `${choice.get('shape')} ${choice.get('mode')} ${choice.get('size')}`;
    for (const option of document.querySelectorAll('[data-badge-option]')) {
      if (option.getAttribute('data-badge-option') === key) option.setAttribute('aria-current', 'true');
      else option.removeAttribute('aria-current');
    }
    const url = `${badgeForm.action}?${new URLSearchParams(choice)}`;
    try {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) return;
      const text = await response.text();
      if (mine !== asked) return; // a newer choice is on its way
      const page = new DOMParser().parseFromString(text, 'text/html');
      const newEmbed = page.querySelector('[data-badge-embed]');
      const newLabel = page.querySelector('label[for="badge-embed"]');
      const newImage = page.querySelector('img[data-badge-chosen]');
      if (embed && newEmbed) embed.value = newEmbed.value;
      if (embed?.labels?.[0] && newLabel) embed.labels[0].textContent = newLabel.textContent;
      if (chosen && newImage) chosen.setAttribute('src', newImage.getAttribute('src'));
      window.history.replaceState(null, '', url);
    } catch {
      // the form's button still shows the choice with a plain GET
    }
  });
}
