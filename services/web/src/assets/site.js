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

// Passkeys: "Add a passkey" on /me and "Sign in with a passkey" on the sign-in page. The form asks
// the URL in its data attribute for the ceremony's options (a same-origin POST with the form's
// fields, so its CSRF token), lets the browser's authenticator answer, puts the answer (JSON,
// base64url) in the hidden `response` field and posts the form as usual.
const fromBase64url = (text) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const toBase64url = (buffer) =>
  btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const passkeyJson = (credential) => {
  const r = credential.response;
  const response = { clientDataJSON: toBase64url(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toBase64url(r.attestationObject);
    if (r.getTransports) response.transports = r.getTransports();
  } else {
    response.authenticatorData = toBase64url(r.authenticatorData);
    response.signature = toBase64url(r.signature);
    if (r.userHandle) response.userHandle = toBase64url(r.userHandle);
  }
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    ...(credential.authenticatorAttachment ? { authenticatorAttachment: credential.authenticatorAttachment } : {}),
    clientExtensionResults: {},
    response,
  };
};
for (const form of document.querySelectorAll('form[data-passkey-register], form[data-passkey-signin]')) {
  const registering = form.hasAttribute('data-passkey-register');
  const status = form.querySelector('[data-passkey-status]');
  const say = (text) => {
    if (status) status.textContent = text;
  };
  if (!window.PublicKeyCredential) {
    say('This browser cannot use passkeys.');
    continue;
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type=submit]');
    if (button) button.disabled = true;
    try {
      const fields = new URLSearchParams(new FormData(form));
      fields.delete('response');
      const asked = await fetch(form.getAttribute(registering ? 'data-passkey-register' : 'data-passkey-signin'), {
        method: 'POST',
        body: fields,
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
      });
      const options = await asked.json();
      if (!asked.ok) throw new Error(options.error ?? `the server answered ${asked.status}`);
      options.challenge = fromBase64url(options.challenge);
      const ids = (list) => (list ?? []).map((c) => ({ ...c, id: fromBase64url(c.id) }));
      let credential;
      if (registering) {
        options.user.id = fromBase64url(options.user.id);
        options.excludeCredentials = ids(options.excludeCredentials);
        say('Follow your browser or device to make the passkey…');
        credential = await navigator.credentials.create({ publicKey: options });
      } else {
        options.allowCredentials = ids(options.allowCredentials);
        say('Choose your passkey…');
        credential = await navigator.credentials.get({ publicKey: options });
      }
      form.querySelector('input[name=response]').value = JSON.stringify(passkeyJson(credential));
      form.submit();
    } catch (error) {
      say(
        error?.name === 'NotAllowedError'
          ? 'The passkey request was cancelled or timed out.'
          : `That did not work: ${error?.message ?? error}`,
      );
      if (button) button.disabled = false;
    }
  });
}
