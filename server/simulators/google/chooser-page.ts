import { testGoogleAccounts } from './test-accounts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function chooserPage(): string {
  const accounts = testGoogleAccounts
    .map(
      (account) => `<li><button type="button" data-email="${escapeHtml(account.email)}">
<strong>${escapeHtml(`${account.givenName} ${account.familyName}`)}</strong><br>${escapeHtml(account.email)}${
        account.emailVerified ? '' : ' (e-mail not verified)'
      }</button></li>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in with Google (test mode)</title>
<link rel="stylesheet" href="/sim/google/chooser.css"></head>
<body><main><h1>Sign in with Google</h1><p>Test mode: no real Google account is used. Choose an account to continue to Ottoman Mittens.</p>
<ul>${accounts}</ul><button type="button" id="cancel">Cancel</button></main>
<script src="/sim/google/chooser.js"></script></body></html>`;
}

// Posts the chosen account's ID token to the shop page that opened this window, as Google's popup does.
export const chooserScript = `
(function () {
  function reply(message) {
    if (window.opener) window.opener.postMessage(message, window.location.origin);
    window.close();
  }
  document.querySelectorAll('button[data-email]').forEach(function (button) {
    button.addEventListener('click', function () {
      fetch('/sim/google/credential', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: button.getAttribute('data-email') }),
      })
        .then(function (response) { return response.json(); })
        .then(function (body) { reply({ type: 'google-credential', credential: body.credential }); })
        .catch(function () { reply({ type: 'google-error', error: 'network_error' }); });
    });
  });
  document.getElementById('cancel').addEventListener('click', function () {
    reply({ type: 'google-error', error: 'popup_closed_by_user' });
  });
})();
`;

export const chooserStyles = `
body { font-family: system-ui, sans-serif; margin: 0; background: #f7f3ee; color: #2b211b; }
main { max-width: 380px; margin: 0 auto; padding: 24px; }
ul { list-style: none; padding: 0; }
li { margin: 0 0 12px; }
button { width: 100%; padding: 12px; border: 1px solid #c8b8a6; border-radius: 8px; background: #fff; text-align: left; font: inherit; cursor: pointer; }
button:focus-visible { outline: 3px solid #8b5a2b; }
#cancel { text-align: center; background: transparent; }
`;
